// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/pdfattachments.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <map>
#include <optional>

namespace kp::core {

namespace {

// PDF 1.7 §7.2.2: the six white-space characters and the ten delimiters; everything else is a regular character.
bool isWhite(char c)
{
    return c == '\0' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

bool isDelimiter(char c)
{
    return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' || c == '/'
        || c == '%';
}

bool isRegular(char c)
{
    return !isWhite(c) && !isDelimiter(c);
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/// One entry of a dictionary: its key, decoded, and where its value's text lies in the file.
struct DictEntry
{
    QByteArray key; ///< without the slash: "Root"
    qsizetype begin = 0;
    qsizetype end = 0;
};

/// A dictionary as it lies in the file: from "<<" up to and including ">>".
struct Dictionary
{
    qsizetype begin = 0;
    qsizetype end = 0;
    QList<DictEntry> entries;

    const DictEntry* find(QByteArrayView key) const
    {
        for (const DictEntry& e : entries) {
            if (e.key == key)
                return &e;
        }
        return nullptr;
    }
};

struct ObjectRef
{
    qint64 number = 0;
    qint64 generation = 0;
};

/// Just enough of the PDF syntax (§7.2, §7.3) to walk xref tables, trailers and dictionaries. Values are not
/// decoded but skipped, so that whatever we copy into the update keeps its original bytes.
class Reader
{
public:
    Reader(QByteArrayView data, qsizetype pos)
        : m_data(data)
        , m_pos(pos)
    { }

    qsizetype pos() const { return m_pos; }
    bool atEnd() const { return m_pos >= m_data.size(); }

    void skipSpace()
    {
        while (!atEnd()) {
            const char c = m_data[m_pos];
            if (isWhite(c)) {
                ++m_pos;
            } else if (c == '%') {
                while (!atEnd() && m_data[m_pos] != '\n' && m_data[m_pos] != '\r')
                    ++m_pos;
            } else {
                break;
            }
        }
    }

    /// Consumes `word` when it comes next as a whole token.
    bool keyword(QByteArrayView word)
    {
        skipSpace();
        const qsizetype after = m_pos + word.size();
        if (!m_data.sliced(m_pos).startsWith(word) || (after < m_data.size() && isRegular(m_data[after])))
            return false;
        m_pos = after;
        return true;
    }

    /// Consumes a non-negative integer; a real number or anything else leaves the position where it was.
    std::optional<qint64> integer()
    {
        skipSpace();
        qsizetype p = m_pos;
        if (p < m_data.size() && m_data[p] == '+')
            ++p;
        qint64 value = 0;
        const qsizetype digitsFrom = p;
        while (p < m_data.size() && m_data[p] >= '0' && m_data[p] <= '9') {
            if (p - digitsFrom >= 18) // beyond any offset or object number, and qint64 would overflow
                return std::nullopt;
            value = value * 10 + (m_data[p] - '0');
            ++p;
        }
        if (p == digitsFrom || (p < m_data.size() && isRegular(m_data[p])))
            return std::nullopt;
        m_pos = p;
        return value;
    }

    /// Consumes "N G R".
    std::optional<ObjectRef> reference()
    {
        const qsizetype start = m_pos;
        const auto number = integer();
        const auto generation = number ? integer() : std::nullopt;
        if (!generation || !keyword("R")) {
            m_pos = start;
            return std::nullopt;
        }
        return ObjectRef {*number, *generation};
    }

    /// Consumes one direct object, or a reference, and tells whether it was well formed.
    bool skipValue(int depth = 0)
    {
        // Deeper nesting than any catalog or trailer has; it keeps hostile input from exhausting the stack.
        if (depth > 64)
            return false;
        skipSpace();
        if (atEnd())
            return false;
        const char c = m_data[m_pos];
        if (c == '(')
            return skipLiteralString();
        if (c == '<' && m_pos + 1 < m_data.size() && m_data[m_pos + 1] == '<')
            return dictionary(depth + 1).has_value();
        if (c == '<')
            return skipHexString();
        if (c == '[') {
            ++m_pos;
            while (true) {
                skipSpace();
                if (atEnd())
                    return false;
                if (m_data[m_pos] == ']') {
                    ++m_pos;
                    return true;
                }
                if (!skipValue(depth + 1))
                    return false;
            }
        }
        if (c == '/') {
            ++m_pos;
            while (!atEnd() && isRegular(m_data[m_pos]))
                ++m_pos;
            return true;
        }
        if (!isRegular(c))
            return false;
        if (reference())
            return true;
        // A number or a keyword such as true, false, null.
        while (!atEnd() && isRegular(m_data[m_pos]))
            ++m_pos;
        return true;
    }

    /// Consumes a dictionary, noting where each value lies.
    std::optional<Dictionary> dictionary(int depth = 0)
    {
        skipSpace();
        if (!m_data.sliced(m_pos).startsWith("<<"))
            return std::nullopt;
        Dictionary dict;
        dict.begin = m_pos;
        m_pos += 2;
        while (true) {
            skipSpace();
            if (atEnd())
                return std::nullopt;
            if (m_data.sliced(m_pos).startsWith(">>")) {
                m_pos += 2;
                dict.end = m_pos;
                return dict;
            }
            if (m_data[m_pos] != '/')
                return std::nullopt;
            DictEntry entry;
            entry.key = name();
            skipSpace();
            entry.begin = m_pos;
            if (!skipValue(depth + 1))
                return std::nullopt;
            entry.end = m_pos;
            dict.entries.append(entry);
        }
    }

private:
    /// Consumes a name (§7.3.5) and returns it decoded, without its slash.
    QByteArray name()
    {
        QByteArray decoded;
        ++m_pos;
        while (!atEnd() && isRegular(m_data[m_pos])) {
            const char c = m_data[m_pos];
            if (c == '#' && m_pos + 2 < m_data.size() && hexValue(m_data[m_pos + 1]) >= 0
                && hexValue(m_data[m_pos + 2]) >= 0) {
                decoded.append(static_cast<char>(hexValue(m_data[m_pos + 1]) * 16 + hexValue(m_data[m_pos + 2])));
                m_pos += 3;
            } else {
                decoded.append(c);
                ++m_pos;
            }
        }
        return decoded;
    }

    bool skipLiteralString()
    {
        int open = 0;
        while (!atEnd()) {
            const char c = m_data[m_pos++];
            if (c == '\\')
                ++m_pos;
            else if (c == '(')
                ++open;
            else if (c == ')' && --open == 0)
                return true;
        }
        return false;
    }

    bool skipHexString()
    {
        ++m_pos;
        while (!atEnd()) {
            const char c = m_data[m_pos++];
            if (c == '>')
                return true;
            if (hexValue(c) < 0 && !isWhite(c))
                return false;
        }
        return false;
    }

    QByteArrayView m_data;
    qsizetype m_pos = 0;
};

struct XrefEntry
{
    qint64 offset = 0;
    qint64 generation = 0;
    bool inUse = false;
};

/// What the xref sections and the newest trailer say, and why not when they cannot be read.
struct CrossReference
{
    QHash<qint64, XrefEntry> objects; ///< the newest entry of each object number
    Dictionary trailer; ///< the newest trailer
    qint64 startXref = 0;
    QString error;
};

QByteArrayView valueText(QByteArrayView pdf, const DictEntry& entry)
{
    return pdf.sliced(entry.begin, entry.end - entry.begin);
}

std::optional<qint64> integerValue(QByteArrayView pdf, const DictEntry* entry)
{
    if (!entry)
        return std::nullopt;
    Reader reader(valueText(pdf, *entry), 0);
    const auto value = reader.integer();
    reader.skipSpace();
    return reader.atEnd() ? value : std::nullopt;
}

std::optional<ObjectRef> referenceValue(QByteArrayView pdf, const DictEntry* entry)
{
    if (!entry)
        return std::nullopt;
    Reader reader(valueText(pdf, *entry), 0);
    const auto value = reader.reference();
    reader.skipSpace();
    return reader.atEnd() ? value : std::nullopt;
}

/// Reads the last startxref and every xref table it leads to through /Prev, newest first.
CrossReference readCrossReference(QByteArrayView pdf)
{
    CrossReference xref;
    // The last one counts (§7.5.5): earlier ones belong to the original file or earlier updates.
    const qsizetype startXref = pdf.lastIndexOf(QByteArrayView("startxref"));
    if (startXref < 0) {
        xref.error = QCoreApplication::translate(
            "kp::core::PdfAttachments", "The PDF has no startxref line; it is probably truncated.");
        return xref;
    }
    Reader tail(pdf, startXref + 9);
    const auto offset = tail.integer();
    if (!offset || *offset <= 0 || *offset >= pdf.size()) {
        xref.error = QCoreApplication::translate(
            "kp::core::PdfAttachments", "The PDF's startxref does not give an offset inside the file.");
        return xref;
    }
    xref.startXref = *offset;

    QSet<qint64> seen;
    std::optional<qint64> section = offset;
    bool newest = true;
    while (section) {
        if (*section <= 0 || *section >= pdf.size() || seen.contains(*section)) {
            xref.error = QCoreApplication::translate(
                "kp::core::PdfAttachments", "The PDF's chain of cross-reference sections (/Prev) is broken.");
            return xref;
        }
        seen.insert(*section);
        Reader reader(pdf, *section);
        if (!reader.keyword("xref")) {
            // "N G obj" here is a cross-reference stream (§7.5.8), which a classic table reader cannot follow.
            Reader object(pdf, *section);
            const bool isStream = object.integer() && object.integer() && object.keyword("obj");
            xref.error = isStream ? QCoreApplication::translate("kp::core::PdfAttachments",
                             "The PDF uses cross-reference streams (PDF 1.5 and later), which embedding "
                             "files does not support.")
                                  : QCoreApplication::translate("kp::core::PdfAttachments",
                                      "The PDF's startxref or /Prev does not point at a cross-reference table.");
            return xref;
        }
        while (!reader.keyword("trailer")) {
            const auto first = reader.integer();
            const auto count = first ? reader.integer() : std::nullopt;
            if (!count) {
                xref.error = QCoreApplication::translate(
                    "kp::core::PdfAttachments", "The PDF's cross-reference table cannot be read.");
                return xref;
            }
            for (qint64 i = 0; i < *count; ++i) {
                XrefEntry entry;
                const auto entryOffset = reader.integer();
                const auto generation = entryOffset ? reader.integer() : std::nullopt;
                if (!generation) {
                    xref.error = QCoreApplication::translate(
                        "kp::core::PdfAttachments", "The PDF's cross-reference table cannot be read.");
                    return xref;
                }
                if (reader.keyword("n"))
                    entry.inUse = true;
                else if (!reader.keyword("f")) {
                    xref.error = QCoreApplication::translate(
                        "kp::core::PdfAttachments", "The PDF's cross-reference table cannot be read.");
                    return xref;
                }
                entry.offset = *entryOffset;
                entry.generation = *generation;
                // Sections come newest first, so an entry already known replaces this older one.
                if (!xref.objects.contains(*first + i))
                    xref.objects.insert(*first + i, entry);
            }
        }
        const auto trailer = reader.dictionary();
        if (!trailer) {
            xref.error = QCoreApplication::translate(
                "kp::core::PdfAttachments", "The PDF's trailer dictionary cannot be read.");
            return xref;
        }
        if (newest)
            xref.trailer = *trailer;
        newest = false;
        section = std::nullopt;
        if (const DictEntry* prev = trailer->find("Prev")) {
            section = integerValue(pdf, prev);
            if (!section) {
                xref.error = QCoreApplication::translate(
                    "kp::core::PdfAttachments", "The PDF's trailer has a /Prev that is no offset.");
                return xref;
            }
        }
    }
    return xref;
}

/// The dictionary of indirect object `ref`, the newest version the xref knows.
std::optional<Dictionary> objectDictionary(QByteArrayView pdf, const CrossReference& xref, ObjectRef ref)
{
    const auto it = xref.objects.constFind(ref.number);
    if (it == xref.objects.cend() || !it->inUse || it->generation != ref.generation || it->offset <= 0
        || it->offset >= pdf.size())
        return std::nullopt;
    Reader reader(pdf, it->offset);
    if (reader.integer() != ref.number || reader.integer() != ref.generation || !reader.keyword("obj"))
        return std::nullopt;
    return reader.dictionary();
}

/// Bytes as a PDF string (§7.3.4): literal when they are printable ASCII, hexadecimal otherwise, so that no byte
/// depends on how a reader treats line ends or octal escapes.
QByteArray stringLiteral(const QByteArray& bytes)
{
    const bool printable = std::all_of(bytes.cbegin(), bytes.cend(), [](char c) { return c >= 0x20 && c < 0x7f; });
    if (!printable)
        return '<' + bytes.toHex().toUpper() + '>';
    QByteArray out = "(";
    for (const char c : bytes) {
        if (c == '(' || c == ')' || c == '\\')
            out.append('\\');
        out.append(c);
    }
    return out + ')';
}

/// The bytes of a text string (§7.9.2.2): printable ASCII, which reads the same in PDFDocEncoding, or else
/// UTF-16BE after a byte order mark.
QByteArray textBytes(const QString& text)
{
    const bool ascii
        = std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() >= 0x20 && c.unicode() < 0x7f; });
    if (ascii)
        return text.toLatin1();
    QByteArray utf16("\xFE\xFF", 2);
    for (const QChar c : text) {
        utf16.append(static_cast<char>(c.unicode() >> 8));
        utf16.append(static_cast<char>(c.unicode() & 0xff));
    }
    return utf16;
}

/// `raw` as a PDF name (§7.3.5), "text/markdown" becoming /text#2Fmarkdown.
QByteArray pdfName(const QByteArray& raw)
{
    QByteArray out = "/";
    for (const char c : raw) {
        if (c > 0x20 && c < 0x7f && c != '#' && !isDelimiter(c))
            out.append(c);
        else
            out.append('#').append(QByteArray(1, c).toHex().toUpper());
    }
    return out;
}

QByteArray number(qint64 n)
{
    return QByteArray::number(n);
}

QByteArray refText(qint64 object)
{
    return number(object) + " 0 R";
}

/// An embedded file stream (§7.11.4), compressed when that saves space.
QByteArray embeddedFileObject(const PdfAttachment& file, const QByteArray& date)
{
    // qCompress() is a 4-byte length followed by an ordinary zlib stream (RFC 1950), which is what /FlateDecode
    // reads. For empty input it writes no zlib stream at all, hence the size check.
    QByteArray body = file.data;
    QByteArray filter;
    if (!file.data.isEmpty()) {
        const QByteArray zlib = qCompress(file.data, 9).sliced(4);
        if (zlib.size() < file.data.size()) {
            body = zlib;
            filter = " /Filter /FlateDecode";
        }
    }
    QByteArray dict = "<< /Type /EmbeddedFile";
    if (!file.mimeType.isEmpty())
        dict += " /Subtype " + pdfName(file.mimeType);
    dict += filter + " /Length " + number(body.size()) + " /Params << /Size " + number(file.data.size()) + " /ModDate "
        + stringLiteral(date) + " /CheckSum <"
        + QCryptographicHash::hash(file.data, QCryptographicHash::Md5).toHex().toUpper() + "> >> >>";
    return dict + "\nstream\n" + body + "\nendstream";
}

/// A file specification (§7.11.3) naming the stream `stream`.
QByteArray fileSpecObject(const PdfAttachment& file, qint64 stream)
{
    const QByteArray name = stringLiteral(textBytes(file.fileName));
    QByteArray dict = "<< /Type /Filespec /F " + name + " /UF " + name + " /EF << /F " + refText(stream) + " /UF "
        + refText(stream) + " >>";
    if (!file.description.isEmpty())
        dict += " /Desc " + stringLiteral(textBytes(file.description));
    return dict + " >>";
}

/// `text` from `from` to `to`, with `entry` added to the dictionary that ends at `dictEnd` (just after its ">>").
QByteArray withEntry(QByteArrayView pdf, qsizetype from, qsizetype to, qsizetype dictEnd, const QByteArray& entry)
{
    const qsizetype at = dictEnd - 2;
    const char before = pdf[at - 1];
    // Keep the dictionary's own layout: QPdfWriter puts each entry on a line.
    const QByteArray separator = before == '\n' ? "\n" : " ";
    return pdf.sliced(from, at - from).toByteArray() + (isWhite(before) ? "" : " ") + entry + separator
        + pdf.sliced(at, to - at).toByteArray();
}

} // namespace

QByteArray PdfAttachments::embed(const QByteArray& pdf, const QList<PdfAttachment>& files, QString* error)
{
    const auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return QByteArray();
    };
    if (!pdf.startsWith("%PDF-"))
        return fail(QCoreApplication::translate(
            "kp::core::PdfAttachments", "The data is no PDF: it does not start with %PDF-."));

    const CrossReference xref = readCrossReference(pdf);
    if (!xref.error.isEmpty())
        return fail(xref.error);
    const Dictionary& trailer = xref.trailer;
    // Every string in an encrypted file is encrypted too, ours included; we cannot do that.
    if (trailer.find("Encrypt"))
        return fail(QCoreApplication::translate("kp::core::PdfAttachments",
            "The PDF is encrypted, and embedding files into encrypted PDFs is not supported."));
    const auto size = integerValue(pdf, trailer.find("Size"));
    const auto root = referenceValue(pdf, trailer.find("Root"));
    if (!size || *size <= 0 || !root)
        return fail(
            QCoreApplication::translate("kp::core::PdfAttachments", "The PDF's trailer lacks a valid /Size or /Root."));

    const std::optional<Dictionary> catalog = objectDictionary(pdf, xref, *root);
    if (!catalog)
        return fail(QCoreApplication::translate(
            "kp::core::PdfAttachments", "The PDF's document catalog (/Root) cannot be found or read."));
    if (const DictEntry* type = catalog->find("Type"); type && valueText(pdf, *type) != QByteArrayView("/Catalog"))
        return fail(
            QCoreApplication::translate("kp::core::PdfAttachments", "The PDF's /Root is not a document catalog."));
    if (files.isEmpty())
        return pdf;

    // Numbers for the new objects: per file a stream and a file specification, then the name tree.
    qint64 next = *size;
    for (auto it = xref.objects.cbegin(); it != xref.objects.cend(); ++it)
        next = std::max(next, it.key() + 1);
    const qint64 first = next;
    const qint64 tree = first + 2 * files.size();

    // Whichever dictionary gets /EmbeddedFiles: the catalog, or a /Names dictionary of its own.
    ObjectRef rewritten = *root;
    QByteArray rewrittenText;
    const QByteArray treeEntry = "/EmbeddedFiles " + refText(tree);
    const DictEntry* names = catalog->find("Names");
    if (!names) {
        rewrittenText = withEntry(pdf, catalog->begin, catalog->end, catalog->end, "/Names << " + treeEntry + " >>");
    } else {
        Reader value(pdf, names->begin);
        if (const auto namesRef = value.reference()) {
            const auto namesDict = objectDictionary(pdf, xref, *namesRef);
            if (!namesDict)
                return fail(QCoreApplication::translate(
                    "kp::core::PdfAttachments", "The PDF catalog's /Names dictionary cannot be found or read."));
            if (namesDict->find("EmbeddedFiles"))
                return fail(QCoreApplication::translate("kp::core::PdfAttachments",
                    "The PDF already has embedded files (/EmbeddedFiles), and adding to them is not "
                    "supported."));
            rewritten = *namesRef;
            rewrittenText = withEntry(pdf, namesDict->begin, namesDict->end, namesDict->end, treeEntry);
        } else if (const auto inlineDict = Reader(pdf, names->begin).dictionary()) {
            if (inlineDict->find("EmbeddedFiles"))
                return fail(QCoreApplication::translate("kp::core::PdfAttachments",
                    "The PDF already has embedded files (/EmbeddedFiles), and adding to them is not "
                    "supported."));
            rewrittenText = withEntry(pdf, catalog->begin, catalog->end, inlineDict->end, treeEntry);
        } else {
            return fail(QCoreApplication::translate("kp::core::PdfAttachments",
                "The PDF catalog's /Names is neither a dictionary nor a reference to one."));
        }
    }

    // Name tree keys are compared as bytes (§7.9.6), so sort by the encoded name.
    std::vector<std::pair<QByteArray, qsizetype>> keys;
    for (qsizetype i = 0; i < files.size(); ++i) {
        const QString& name = files[i].fileName;
        if (name.isEmpty() || name.contains(u'/') || name.contains(u'\\'))
            return fail(QCoreApplication::translate(
                "kp::core::PdfAttachments", "An attachment needs a file name without folders, not \"%1\".")
                            .arg(name));
        keys.emplace_back(textBytes(name), i);
    }
    std::sort(keys.begin(), keys.end());
    for (std::size_t i = 1; i < keys.size(); ++i) {
        if (keys[i].first == keys[i - 1].first)
            return fail(
                QCoreApplication::translate("kp::core::PdfAttachments", "Two attachments are both called \"%1\".")
                    .arg(files[keys[i].second].fileName));
    }
    QByteArray out = pdf;
    if (!out.endsWith('\n') && !out.endsWith('\r'))
        out.append('\n');
    std::map<qint64, std::pair<qint64, qint64>> written; // object number → (offset, generation)
    const auto writeObject = [&out, &written](ObjectRef ref, const QByteArray& body) {
        written[ref.number] = {out.size(), ref.generation};
        out += number(ref.number) + ' ' + number(ref.generation) + " obj\n" + body + "\nendobj\n";
    };

    writeObject(rewritten, rewrittenText);
    const QByteArray date = QDateTime::currentDateTimeUtc().toString(u"'D:'yyyyMMddHHmmss'Z'").toLatin1();
    for (qsizetype i = 0; i < files.size(); ++i) {
        const qint64 stream = first + 2 * i;
        writeObject({stream, 0}, embeddedFileObject(files[i], date));
        writeObject({stream + 1, 0}, fileSpecObject(files[i], stream));
    }
    QByteArray treeBody = "<< /Names [";
    for (const auto& [key, index] : keys)
        treeBody += stringLiteral(key) + ' ' + refText(first + 2 * index + 1) + ' ';
    treeBody.chop(1);
    writeObject({tree, 0}, treeBody + "] >>");

    // §7.5.4: one subsection per run of consecutive numbers, each entry exactly 20 bytes.
    const qint64 xrefOffset = out.size();
    out += "xref\n";
    for (auto it = written.cbegin(); it != written.cend();) {
        auto runEnd = std::next(it);
        while (runEnd != written.cend() && runEnd->first == std::prev(runEnd)->first + 1)
            ++runEnd;
        out += number(it->first) + ' ' + number(std::distance(it, runEnd)) + '\n';
        for (; it != runEnd; ++it) {
            out += QByteArray::number(it->second.first).rightJustified(10, '0') + ' '
                + QByteArray::number(it->second.second).rightJustified(5, '0') + " n\r\n";
        }
    }

    out += "trailer\n<< /Size " + number(tree + 1) + " /Root " + valueText(pdf, *trailer.find("Root")).toByteArray();
    for (const char* key : {"Info", "ID"}) {
        if (const DictEntry* entry = trailer.find(key))
            out += " /" + QByteArray(key) + ' ' + valueText(pdf, *entry).toByteArray();
    }
    out += " /Prev " + number(xref.startXref) + " >>\nstartxref\n" + number(xrefOffset) + "\n%%EOF\n";
    return out;
}

} // namespace kp::core
