// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/settings/appearance.h"

#include <QApplication>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace kp::ui {

namespace {

const QString kKey = QStringLiteral("appearance");

} // namespace

void Appearance::applySaved()
{
    if (s_systemStyle.isEmpty() && QApplication::style())
        s_systemStyle = QApplication::style()->name();
    // $KNEEPOINT_APPEARANCE for one start (the screenshot walk runs light and dark), else the saved choice.
    bool fromEnvironment = false;
    const Mode forced = fromName(qEnvironmentVariable("KNEEPOINT_APPEARANCE"), &fromEnvironment);
    const Mode mode = fromEnvironment && qEnvironmentVariableIsSet("KNEEPOINT_APPEARANCE") ? forced : saved();
    if (mode != Mode::System)
        apply(mode);
}

Appearance::Mode Appearance::saved()
{
    return fromName(QSettings().value(kKey).toString());
}

void Appearance::save(Mode mode)
{
    QSettings settings;
    if (mode == Mode::System)
        settings.remove(kKey);
    else
        settings.setValue(kKey, name(mode));
}

QString Appearance::name(Mode mode)
{
    switch (mode) {
    case Mode::Light:
        return QStringLiteral("light");
    case Mode::Dark:
        return QStringLiteral("dark");
    case Mode::System:
        break;
    }
    return QStringLiteral("system");
}

Appearance::Mode Appearance::fromName(const QString& name, bool* ok)
{
    if (ok)
        *ok = true;
    if (name == u"light")
        return Mode::Light;
    if (name == u"dark")
        return Mode::Dark;
    if (ok)
        *ok = name.isEmpty() || name == u"system";
    return Mode::System;
}

QPalette Appearance::lightPalette()
{
    QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion"));
    QPalette palette = fusion ? fusion->standardPalette() : QPalette();
    delete fusion;
    return palette;
}

QPalette Appearance::darkPalette()
{
    // Greys rather than black, so panels, fields and the charts' grid stay apart; text off-white; a link blue that
    // reads on both. Disabled text is dimmed the same way Fusion dims it on light.
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1f, 0x20, 0x23);
    const QColor alternate(0x27, 0x29, 0x2d);
    const QColor text(0xe6, 0xe7, 0xea);
    const QColor dim(0x8a, 0x8d, 0x93);
    const QColor highlight(0x3d, 0x7e, 0xd6);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, alternate);
    p.setColor(QPalette::ToolTipBase, window.lighter(130));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, dim);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window.lighter(115));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, window.lighter(160));
    p.setColor(QPalette::Midlight, window.lighter(130));
    p.setColor(QPalette::Mid, window.lighter(150));
    p.setColor(QPalette::Dark, window.darker(150));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xaa, 0xf5));
    p.setColor(QPalette::LinkVisited, QColor(0xb1, 0x8c, 0xf0));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, dim);
    p.setColor(QPalette::Disabled, QPalette::Highlight, window.lighter(140));
    return p;
}

void Appearance::apply(Mode mode)
{
    if (s_systemStyle.isEmpty() && QApplication::style())
        s_systemStyle = QApplication::style()->name();
    s_current = mode;
    switch (mode) {
    case Mode::System:
        QApplication::setStyle(QStyleFactory::create(s_systemStyle));
        // A palette with nothing set: the platform's (the desktop's light or dark) again.
        QApplication::setPalette(QPalette());
        return;
    case Mode::Light:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(lightPalette());
        return;
    case Mode::Dark:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
        return;
    }
}

} // namespace kp::ui
