// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/catalog/ggufmodel.h"

#include "core/common/boundedfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace kp::core {

namespace {

// gguf_type, the metadata value types of docs/gguf.md.
enum ValueType : quint32 {
    U8 = 0,
    I8 = 1,
    U16 = 2,
    I16 = 3,
    U32 = 4,
    I32 = 5,
    F32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    U64 = 10,
    I64 = 11,
    F64 = 12,
};

/// ggml_type: elements per block and bytes per block (ggml.c's type_traits), by type id.
struct TensorType
{
    const char* name;
    int blockElements;
    int blockBytes;
};
constexpr std::array<TensorType, 40> TensorTypes {{
    {"f32", 1, 4},
    {"f16", 1, 2},
    {"q4_0", 32, 18},
    {"q4_1", 32, 20},
    {nullptr, 0, 0},
    {nullptr, 0, 0},
    {"q5_0", 32, 22},
    {"q5_1", 32, 24},
    {"q8_0", 32, 34},
    {"q8_1", 32, 36},
    {"q2_K", 256, 84},
    {"q3_K", 256, 110},
    {"q4_K", 256, 144},
    {"q5_K", 256, 176},
    {"q6_K", 256, 210},
    {"q8_K", 256, 292},
    {"iq2_xxs", 256, 66},
    {"iq2_xs", 256, 74},
    {"iq3_xxs", 256, 98},
    {"iq1_s", 256, 50},
    {"iq4_nl", 32, 18},
    {"iq3_s", 256, 110},
    {"iq2_s", 256, 82},
    {"iq4_xs", 256, 136},
    {"i8", 1, 1},
    {"i16", 1, 2},
    {"i32", 1, 4},
    {"i64", 1, 8},
    {"f64", 1, 8},
    {"iq1_m", 256, 56},
    {"bf16", 1, 2},
    {nullptr, 0, 0},
    {nullptr, 0, 0},
    {nullptr, 0, 0},
    {"tq1_0", 256, 54},
    {"tq2_0", 256, 66},
    {nullptr, 0, 0},
    {nullptr, 0, 0},
    {nullptr, 0, 0},
    {"mxfp4", 32, 17},
}};

// Bounds on what a header may claim, so that a hostile file costs an error, not the machine's memory.
constexpr quint64 MaxStringBytes = 64ull * 1024 * 1024;
constexpr quint64 MaxCount = 1ull << 32;
constexpr quint32 MaxDimensions = 8;

/// Little-endian reads over a buffered file; the first failure sticks and every later read returns zero.
class Reader
{
public:
    explicit Reader(QFile& file)
        : m_file(file)
    { }

    bool ok() const { return m_error.isEmpty(); }
    const QString& error() const { return m_error; }
    void fail(const QString& e)
    {
        if (m_error.isEmpty())
            m_error = e;
    }

    template<typename T> T number()
    {
        T value {};
        std::array<char, sizeof(T)> bytes {};
        if (!raw(bytes.data(), sizeof(T)))
            return T {};
        // GGUF is little-endian, as is every machine Kneepoint builds for.
        std::memcpy(&value, bytes.data(), sizeof(T));
        return value;
    }

    QString string()
    {
        const auto length = number<quint64>();
        if (length > MaxStringBytes) {
            fail(QStringLiteral("a string of %1 bytes in its header is not believable").arg(length));
            return {};
        }
        QByteArray bytes(qsizetype(length), Qt::Uninitialized);
        if (!raw(bytes.data(), qint64(length)))
            return {};
        return QString::fromUtf8(bytes);
    }

    void skip(qint64 bytes)
    {
        if (!ok())
            return;
        if (!m_file.seek(m_file.pos() + bytes) || m_file.pos() > m_file.size())
            fail(QStringLiteral("it ends inside its header"));
    }

    qint64 position() const { return m_file.pos(); }

private:
    bool raw(char* out, qint64 size)
    {
        if (!ok())
            return false;
        if (m_file.read(out, size) != size) {
            fail(QStringLiteral("it ends inside its header"));
            return false;
        }
        return true;
    }

    QFile& m_file;
    QString m_error;
};

qint64 scalarSize(quint32 type)
{
    switch (type) {
    case U8:
    case I8:
    case Bool:
        return 1;
    case U16:
    case I16:
        return 2;
    case U32:
    case I32:
    case F32:
        return 4;
    case U64:
    case I64:
    case F64:
        return 8;
    default:
        return -1;
    }
}

/// An integer value of any integer type; nullopt for other types.
std::optional<qint64> readInteger(Reader& r, quint32 type)
{
    switch (type) {
    case U8:
        return r.number<quint8>();
    case I8:
        return r.number<qint8>();
    case U16:
        return r.number<quint16>();
    case I16:
        return r.number<qint16>();
    case U32:
        return r.number<quint32>();
    case I32:
        return r.number<qint32>();
    case U64:
        return qint64(std::min<quint64>(r.number<quint64>(), quint64(std::numeric_limits<qint64>::max())));
    case I64:
        return r.number<qint64>();
    default:
        return std::nullopt;
    }
}

struct Value
{
    std::optional<qint64> integer;
    QString text;
    std::vector<qint64> integers; ///< an array of integers (head_count_kv per layer)
    qint64 arrayCount = -1;
};

Value readValue(Reader& r, quint32 type, int depth = 0)
{
    Value v;
    if (type == String) {
        v.text = r.string();
        return v;
    }
    if (type == Array) {
        const auto itemType = r.number<quint32>();
        const auto count = r.number<quint64>();
        if (count > MaxCount || depth > 2) {
            r.fail(QStringLiteral("an array of %1 items in its header is not believable").arg(count));
            return v;
        }
        v.arrayCount = qint64(count);
        const qint64 size = scalarSize(itemType);
        if (size > 0 && itemType != F32 && itemType != F64 && itemType != Bool && count <= 4096) {
            for (quint64 i = 0; i < count && r.ok(); ++i)
                v.integers.push_back(readInteger(r, itemType).value_or(0));
        } else if (size > 0) {
            r.skip(size * qint64(count));
        } else {
            for (quint64 i = 0; i < count && r.ok(); ++i)
                readValue(r, itemType, depth + 1);
        }
        return v;
    }
    if (const auto n = readInteger(r, type)) {
        v.integer = n;
        return v;
    }
    const qint64 size = scalarSize(type);
    if (size < 0) {
        r.fail(QStringLiteral("its header has a value of unknown type %1").arg(type));
        return v;
    }
    r.skip(size);
    return v;
}

} // namespace

std::optional<double> GgufModel::cacheTypeBytes(const QString& type)
{
    const QString t = type.toLower();
    if (t == u"f32")
        return 4.0;
    if (t == u"f16" || t == u"bf16")
        return 2.0;
    for (const TensorType& tt : TensorTypes) {
        if (tt.name && t == QLatin1String(tt.name) && tt.blockElements == 32)
            return double(tt.blockBytes) / tt.blockElements;
    }
    return std::nullopt;
}

std::optional<GgufModel> GgufModel::read(const QString& path, QString* error)
{
    // Only the header is read, from a file of any size; but a pipe or a device by that name would block the open or
    // never end (BoundedFile says which).
    if (const QString problem = BoundedFile::problem(path, std::numeric_limits<qint64>::max()); !problem.isEmpty()) {
        *error = QStringLiteral("Cannot read the GGUF file %1: %2.").arg(path, problem);
        return std::nullopt;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("Cannot read the GGUF file %1: %2.").arg(path, file.errorString());
        return std::nullopt;
    }
    auto refuse = [&](const QString& why) {
        *error = QStringLiteral("%1 is not a GGUF model Kneepoint can estimate: %2.").arg(path, why);
        return std::nullopt;
    };
    GgufModel m;
    m.path = path;
    m.fileBytes = file.size();
    Reader r(file);
    std::array<char, 4> magic {};
    if (file.read(magic.data(), 4) != 4 || std::memcmp(magic.data(), "GGUF", 4) != 0)
        return refuse(QStringLiteral("it does not start with the GGUF magic"));
    m.version = int(r.number<quint32>());
    if (m.version != 2 && m.version != 3)
        return refuse(QStringLiteral("it is GGUF version %1; versions 2 and 3 are read").arg(m.version));
    const auto tensors = r.number<quint64>();
    const auto keys = r.number<quint64>();
    if (tensors > MaxCount || keys > MaxCount)
        return refuse(QStringLiteral("its header claims %1 tensors and %2 keys").arg(tensors).arg(keys));
    m.tensorCount = qint64(tensors);

    QMap<QString, Value> values;
    qint64 alignment = 32;
    for (quint64 i = 0; i < keys && r.ok(); ++i) {
        const QString key = r.string();
        const auto type = r.number<quint32>();
        const Value v = readValue(r, type);
        if (key == u"general.alignment" && v.integer)
            alignment = *v.integer;
        values.insert(key, v);
    }
    if (!r.ok())
        return refuse(r.error());
    if (alignment <= 0 || alignment > 1 << 20)
        return refuse(QStringLiteral("general.alignment is %1").arg(alignment));

    qint64 dataEnd = 0;
    for (quint64 i = 0; i < tensors && r.ok(); ++i) {
        const QString name = r.string();
        const auto dimensions = r.number<quint32>();
        if (dimensions == 0 || dimensions > MaxDimensions)
            return refuse(QStringLiteral("the tensor %1 has %2 dimensions").arg(name).arg(dimensions));
        // Element counts multiply to at most 2^56, so that a hostile header cannot overflow the byte counts below.
        quint64 elements = 1;
        for (quint32 d = 0; d < dimensions; ++d) {
            const auto n = r.number<quint64>();
            if (n == 0 || n > (1ull << 56) / elements)
                return refuse(QStringLiteral("the tensor %1 has a dimension of %2").arg(name).arg(n));
            elements *= n;
        }
        const auto type = r.number<quint32>();
        const auto offset = r.number<quint64>();
        if (type >= TensorTypes.size() || !TensorTypes.at(type).name)
            return refuse(QStringLiteral("the tensor %1 has ggml type %2, which this version of Kneepoint does not "
                                         "know")
                              .arg(name)
                              .arg(type));
        const TensorType& tt = TensorTypes.at(type);
        if (elements % quint64(tt.blockElements) != 0)
            return refuse(
                QStringLiteral("the tensor %1 does not fill whole %2 blocks").arg(name, QLatin1String(tt.name)));
        const auto bytes = qint64(elements / quint64(tt.blockElements) * quint64(tt.blockBytes));
        if (offset > (1ull << 62))
            return refuse(QStringLiteral("the tensor %1 starts at offset %2").arg(name).arg(offset));
        m.weightBytes += bytes;
        m.weightElements += qint64(elements);
        if (m.weightBytes > (1ll << 60) || m.weightElements > (1ll << 60))
            return refuse(QStringLiteral("its tensors claim more than an exabyte"));
        m.tensorsByType[QLatin1String(tt.name)] += 1;
        m.bytesByType[QLatin1String(tt.name)] += bytes;
        dataEnd = std::max(dataEnd, qint64(offset) + bytes);
    }
    if (!r.ok())
        return refuse(r.error());
    const qint64 dataStart = (r.position() + alignment - 1) / alignment * alignment;
    if (dataStart + dataEnd > m.fileBytes)
        return refuse(QStringLiteral("it is cut short: its tensors need %1 bytes, the file has %2")
                          .arg(dataStart + dataEnd)
                          .arg(m.fileBytes));

    m.architecture = values.value(QStringLiteral("general.architecture")).text;
    if (m.architecture.isEmpty())
        return refuse(QStringLiteral("general.architecture is missing"));
    m.name = values.value(QStringLiteral("general.name")).text;
    if (m.name.isEmpty())
        m.name = QFileInfo(path).completeBaseName();
    auto integer
        = [&](const QString& suffix) { return values.value(m.architecture + u'.' + suffix).integer.value_or(0); };
    m.contextLength = integer(QStringLiteral("context_length"));
    m.blockCount = integer(QStringLiteral("block_count"));
    m.embeddingLength = integer(QStringLiteral("embedding_length"));
    m.headCount = integer(QStringLiteral("attention.head_count"));
    const Value ff = values.value(m.architecture + QStringLiteral(".feed_forward_length"));
    m.feedForwardLength = ff.integers.empty() ? ff.integer.value_or(0) : ff.integers.front();
    m.vocabSize = integer(QStringLiteral("vocab_size"));
    m.expertCount = integer(QStringLiteral("expert_count"));
    m.expertUsedCount = integer(QStringLiteral("expert_used_count"));
    m.expertFeedForwardLength = integer(QStringLiteral("expert_feed_forward_length"));
    if (m.vocabSize <= 0)
        m.vocabSize = std::max<qint64>(0, values.value(QStringLiteral("tokenizer.ggml.tokens")).arrayCount);
    const Value kvHeads = values.value(m.architecture + QStringLiteral(".attention.head_count_kv"));
    if (!kvHeads.integers.empty()) {
        for (const qint64 n : kvHeads.integers)
            m.kvHeadsAllLayers += n;
    } else {
        m.kvHeadsAllLayers = kvHeads.integer.value_or(m.headCount) * m.blockCount;
    }
    const qint64 headDim = m.headCount > 0 ? m.embeddingLength / m.headCount : 0;
    m.keyLength = integer(QStringLiteral("attention.key_length"));
    if (m.keyLength <= 0)
        m.keyLength = headDim;
    m.valueLength = integer(QStringLiteral("attention.value_length"));
    if (m.valueLength <= 0)
        m.valueLength = headDim;
    if (m.blockCount <= 0 || m.contextLength <= 0)
        return refuse(QStringLiteral("%1.block_count or %1.context_length is missing").arg(m.architecture));
    return m;
}

double GgufModel::kvBytesPerToken(const QString& cacheTypeK, const QString& cacheTypeV) const
{
    const auto k = cacheTypeBytes(cacheTypeK);
    const auto v = cacheTypeBytes(cacheTypeV);
    if (!k || !v)
        return 0;
    return double(kvHeadsAllLayers) * (double(keyLength) * *k + double(valueLength) * *v);
}

double GgufModel::bitsPerWeight() const
{
    return weightElements > 0 ? 8.0 * double(weightBytes) / double(weightElements) : 0;
}

ModelSpec GgufModel::toModelSpec() const
{
    ModelSpec m;
    m.name = name;
    m.id = QFileInfo(path).completeBaseName().toLower();
    m.modelType = architecture;
    m.hiddenSize = int(embeddingLength);
    m.numHiddenLayers = int(blockCount);
    m.numAttentionHeads = int(headCount);
    m.numKeyValueHeads = blockCount > 0 ? int((kvHeadsAllLayers + blockCount - 1) / blockCount) : 0;
    m.headDim = int(keyLength);
    m.intermediateSize = int(feedForwardLength);
    m.vocabSize = int(vocabSize);
    m.maxPositionEmbeddings = int(contextLength);
    m.numExperts = int(expertCount);
    m.numExpertsPerTok = int(expertUsedCount);
    m.moeIntermediateSize = int(expertFeedForwardLength);
    // llama-server's KV cache is f16 unless told otherwise; the floors read the cache's bytes from the dtype.
    m.dtype = QStringLiteral("float16");
    m.source = path;
    // The largest type by bytes names the quantisation; the bits are the file's own, scales included.
    QString dominant;
    for (auto it = bytesByType.begin(); it != bytesByType.end(); ++it) {
        if (dominant.isEmpty() || it.value() > bytesByType.value(dominant))
            dominant = it.key();
    }
    const double bits = bitsPerWeight();
    if (!dominant.isEmpty() && dominant != u"f16" && dominant != u"bf16" && dominant != u"f32" && bits > 0) {
        m.quantMethod = QStringLiteral("gguf-") + dominant;
        m.quantBits = int(std::floor(bits)); // 8 for Q8_0's 8.5, 4 for Q4_K_M's ~4.9: the weights' own bits
        m.quantBitsPerWeight = bits;
        m.quantActivations = QStringLiteral("int8");
    }
    return m;
}

QString GgufModel::describeTypes() const
{
    QList<QString> types = bytesByType.keys();
    std::sort(types.begin(), types.end(),
        [this](const QString& a, const QString& b) { return bytesByType.value(a) > bytesByType.value(b); });
    QStringList parts;
    for (const QString& t : types)
        parts << (tensorsByType.value(t) == 1
                ? QStringLiteral("%1 (1 tensor)").arg(t.toUpper())
                : QStringLiteral("%1 (%2 tensors)").arg(t.toUpper()).arg(tensorsByType.value(t)));
    return parts.join(QStringLiteral(", "));
}

namespace {

QString launchedFilesPath(const QString& directory)
{
    const QString dir
        = directory.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::CacheLocation) : directory;
    return QDir(dir).filePath(QStringLiteral("launched-gguf-files.json"));
}

QString launchedFileKey(const QString& fileName, qint64 bytes)
{
    return QStringLiteral("%1 %2").arg(bytes).arg(fileName);
}

QJsonObject launchedFiles(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || file.size() > 1 << 20)
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

} // namespace

void GgufModel::remember(const QString& path, qint64 bytes, const QString& directory)
{
    const QString notes = launchedFilesPath(directory);
    QJsonObject files = launchedFiles(notes);
    files[launchedFileKey(QFileInfo(path).fileName(), bytes)] = QFileInfo(path).absoluteFilePath();
    QDir().mkpath(QFileInfo(notes).absolutePath());
    QSaveFile out(notes);
    if (out.open(QIODevice::WriteOnly)) {
        out.write(QJsonDocument(files).toJson(QJsonDocument::Compact));
        out.commit();
    }
}

QString GgufModel::recall(const QString& fileName, qint64 bytes, const QString& directory)
{
    if (fileName.isEmpty() || bytes <= 0)
        return {};
    const QString path = launchedFiles(launchedFilesPath(directory)).value(launchedFileKey(fileName, bytes)).toString();
    const QFileInfo file(path);
    return !path.isEmpty() && file.isFile() && file.size() == bytes ? file.absoluteFilePath() : QString();
}

} // namespace kp::core
