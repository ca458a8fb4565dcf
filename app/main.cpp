// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// No arguments: the desktop application. Any argument: the command line, which never needs a display.
#include "cli/commandline.h"
#include "common/version.h"
#include "mainwindow/mainwindow.h"

#include <QApplication>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTextStream>
#include <QTranslator>

#include <cstdio>
#include <memory>

int main(int argc, char* argv[])
{
    QCoreApplication::setOrganizationName(QStringLiteral("Kneepoint"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("kneepoint.org"));
    QCoreApplication::setApplicationName(QStringLiteral("kneepoint"));
    QCoreApplication::setApplicationVersion(kp::core::kneepointVersion());

    if (argc > 1) {
        QCoreApplication app(argc, argv);
        QTextStream out(stdout);
        QTextStream err(stderr);
        kp::core::CommandLine cli = kp::core::CommandLine::standard();
        const int code = cli.exec(QCoreApplication::arguments(), out, err);
        out.flush();
        err.flush();
        return code;
    }

    QApplication app(argc, argv);
    // Qt's own strings (dialog buttons) and ours, in the user's language where a translation exists.
    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&qtTranslator);
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("kneepoint"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(&translator);
    QApplication::setApplicationDisplayName(QStringLiteral("Kneepoint"));
    kp::ui::MainWindow window;
    window.show();
    return QApplication::exec();
}
