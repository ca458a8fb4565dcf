// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/engineargallowlist.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace kp::core {

namespace {

QString typeName(const EngineArgAllowList::Entry& e)
{
    switch (e.type) {
    case EngineArgAllowList::Type::Int:
        return QStringLiteral("a whole number from %1 to %2").arg(qint64(e.min)).arg(qint64(e.max));
    case EngineArgAllowList::Type::Float:
        return QStringLiteral("a number from %1 to %2").arg(e.min).arg(e.max);
    case EngineArgAllowList::Type::Bool:
        return e.negatable ? QStringLiteral("a switch (true or false)") : QStringLiteral("a switch");
    case EngineArgAllowList::Type::Enum:
        return QStringLiteral("one of %1").arg(e.values.join(u", "));
    case EngineArgAllowList::Type::String:
        return QStringLiteral("a name of letters, digits and . _ / : -");
    }
    return {};
}

EngineArgAllowList fromResource(const QString& path)
{
    QFile file(path);
    QString error;
    std::optional<EngineArgAllowList> parsed;
    if (file.open(QIODevice::ReadOnly))
        parsed = EngineArgAllowList::fromJson(file.readAll(), &error);
    // A build without its resource allows nothing, which is the safe way to be wrong.
    return parsed.value_or(EngineArgAllowList());
}

} // namespace

const EngineArgAllowList& EngineArgAllowList::builtIn()
{
    static const EngineArgAllowList list = fromResource(QStringLiteral(":/launch/engine-args.json"));
    return list;
}

const EngineArgAllowList& EngineArgAllowList::llamaServer()
{
    static const EngineArgAllowList list = fromResource(QStringLiteral(":/launch/llama-server-args.json"));
    return list;
}

const EngineArgAllowList& EngineArgAllowList::simulator()
{
    static const EngineArgAllowList list = fromResource(QStringLiteral(":/launch/simulator-args.json"));
    return list;
}

std::optional<EngineArgAllowList> EngineArgAllowList::fromJson(const QByteArray& json, QString* error)
{
    QJsonParseError parseError {};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (!doc.isObject()) {
        *error = QStringLiteral("engine-args.json is not a JSON object: %1.").arg(parseError.errorString());
        return std::nullopt;
    }
    EngineArgAllowList list;
    const QJsonArray allowed = doc.object().value(u"allowed").toArray();
    for (const QJsonValue v : allowed) {
        const QJsonObject o = v.toObject();
        Entry e;
        e.flag = o.value(u"flag").toString();
        const QString type = o.value(u"type").toString();
        if (type == u"int")
            e.type = Type::Int;
        else if (type == u"float")
            e.type = Type::Float;
        else if (type == u"bool")
            e.type = Type::Bool;
        else if (type == u"enum")
            e.type = Type::Enum;
        else if (type == u"string")
            e.type = Type::String;
        else {
            *error = QStringLiteral("engine-args.json: %1 has an unknown type '%2'.").arg(e.flag, type);
            return std::nullopt;
        }
        if (!e.flag.startsWith(QStringLiteral("--"))) {
            *error = QStringLiteral("engine-args.json: the flag '%1' does not start with --.").arg(e.flag);
            return std::nullopt;
        }
        e.min = o.value(u"min").toDouble();
        e.max = o.value(u"max").toDouble();
        for (const QJsonValue value : o.value(u"values").toArray())
            e.values << value.toString();
        e.pattern = o.value(u"pattern").toString(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._/:-]{0,127}$"));
        e.negatable = o.value(u"negatable").toBool();
        for (const QJsonValue alias : o.value(u"aliases").toArray())
            e.aliases << alias.toString();
        e.meaning = o.value(u"meaning").toString();
        list.m_entries << e;
    }
    for (const QJsonValue v : doc.object().value(u"refused").toArray()) {
        const QJsonObject o = v.toObject();
        // Every spelling of a refused flag is refused: llama-server's -m is its --model.
        list.m_refused.append({o.value(u"flag").toString(), o.value(u"why").toString()});
        for (const QJsonValue alias : o.value(u"aliases").toArray())
            list.m_refused.append({alias.toString(), o.value(u"why").toString()});
    }
    for (const QJsonValue v : doc.object().value(u"removed").toArray()) {
        const QJsonObject o = v.toObject();
        list.m_removed.append({o.value(u"flag").toString(), o.value(u"why").toString()});
    }
    static const QRegularExpression version(QStringLiteral("vLLM (v\\d+\\.\\d+(?:\\.\\d+)?)"));
    list.m_version
        = doc.object().value(u"version").toString(version.match(doc.object().value(u"note").toString()).captured(1));
    list.m_engine = doc.object().value(u"engine").toString(QStringLiteral("vLLM"));
    return list;
}

const EngineArgAllowList::Entry* EngineArgAllowList::find(const QString& flag) const
{
    for (const Entry& e : m_entries) {
        if (e.flag == flag || e.aliases.contains(flag))
            return &e;
    }
    return nullptr;
}

QString EngineArgAllowList::refusedBecause(const QString& flag) const
{
    for (const auto& [refused, why] : m_refused) {
        if (refused == flag)
            return why;
    }
    return {};
}

QString EngineArgAllowList::describeAllowed() const
{
    QStringList parts;
    for (const Entry& e : m_entries)
        parts << e.flag;
    return parts.join(u", ");
}

std::optional<EngineArg> EngineArgAllowList::check(const QString& text, QString* error) const
{
    QString flag = text.trimmed();
    QString value;
    bool hasValue = false;
    const qsizetype split = [&flag] {
        const qsizetype eq = flag.indexOf(u'=');
        const qsizetype space = flag.indexOf(u' ');
        if (eq < 0)
            return space;
        return space < 0 ? eq : std::min(eq, space);
    }();
    if (split >= 0) {
        value = flag.mid(split + 1).trimmed();
        flag = flag.left(split);
        hasValue = true;
    }
    if (!flag.startsWith(u'-'))
        flag.prepend(QStringLiteral("--"));
    if (flag.startsWith(QStringLiteral("--"))) {
        // vLLM's argparse takes --max_model_len for --max-model-len; so does the list.
        flag = QStringLiteral("--") + flag.mid(2).replace(u'_', u'-');
    } else {
        // A short spelling (-c, -ngl) is checked, and passed on, as its long flag.
        for (const Entry& e : m_entries) {
            if (e.aliases.contains(flag)) {
                flag = e.flag;
                break;
            }
        }
    }

    const QString positive = flag.startsWith(QStringLiteral("--no-")) ? QStringLiteral("--") + flag.mid(5) : flag;
    if (const QString why = refusedBecause(positive); !why.isEmpty()) {
        *error = QStringLiteral("%1 is always refused: %2.").arg(positive, why);
        return std::nullopt;
    }
    for (const auto& [removed, why] : m_removed) {
        if (removed == positive) {
            *error = QStringLiteral("%1 is gone from %2 %3, the version kneepoint launch starts: %4.")
                         .arg(positive, m_engine, m_version.isEmpty() ? QStringLiteral("today") : m_version, why);
            return std::nullopt;
        }
    }
    const Entry* entry = find(flag);
    bool negated = false;
    if (!entry && positive != flag) {
        entry = find(positive);
        negated = entry != nullptr;
    }
    if (!entry) {
        *error = QStringLiteral("%1 is not an engine argument Kneepoint passes on. Allowed: %2.")
                     .arg(flag, describeAllowed());
        return std::nullopt;
    }
    auto bad = [&](const QString& v) {
        *error = QStringLiteral("%1 takes %2, not '%3'.").arg(entry->flag, typeName(*entry), v);
        return std::nullopt;
    };
    if (entry->type == Type::Bool) {
        const QString v = value.toLower();
        bool on = !negated;
        if (hasValue) {
            if (negated)
                return bad(value);
            if (v == u"true" || v == u"1" || v == u"yes")
                on = true;
            else if (v == u"false" || v == u"0" || v == u"no")
                on = false;
            else
                return bad(value);
        }
        if (!on && !entry->negatable) {
            *error = QStringLiteral("%1 is off unless given; leave it out to keep it off.").arg(entry->flag);
            return std::nullopt;
        }
        return EngineArg {on ? entry->flag : QStringLiteral("--no-") + entry->flag.mid(2), QString(), false};
    }
    if (negated)
        return bad(QStringLiteral("--no-"));
    if (!hasValue || value.isEmpty())
        return bad(QString());
    switch (entry->type) {
    case Type::Int: {
        bool ok = false;
        const qint64 n = value.toLongLong(&ok);
        if (!ok || double(n) < entry->min || double(n) > entry->max)
            return bad(value);
        value = QString::number(n);
        break;
    }
    case Type::Float: {
        bool ok = false;
        const double x = value.toDouble(&ok);
        if (!ok || !std::isfinite(x) || x < entry->min || x > entry->max)
            return bad(value);
        break;
    }
    case Type::Enum:
        if (!entry->values.contains(value))
            return bad(value);
        break;
    case Type::String:
        // The value is one argv element and never meets a shell, but vLLM's argparse would read a leading dash as
        // another flag: the pattern keeps values plain.
        if (!QRegularExpression(entry->pattern).match(value).hasMatch())
            return bad(value);
        break;
    case Type::Bool:
        break;
    }
    return EngineArg {entry->flag, value, true};
}

} // namespace kp::core
