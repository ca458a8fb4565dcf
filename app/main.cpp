// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// No arguments: the desktop application. Any argument: the command line, which never needs a display. A headless
// build (KNEEPOINT_GUI=OFF defines KNEEPOINT_HEADLESS) is the command line alone: no arguments print --help.
#include "core/cli/commandline.h"
#include "core/cli/controlcharacterfilter.h"
#include "core/cli/reportcommand.h"
#include "core/common/version.h"
#ifndef KNEEPOINT_HEADLESS
#include "ui/mainwindow/mainwindow.h"
#include "ui/settings/appearance.h"
#include "ui/settings/settingsdialog.h"
#endif

#ifndef KNEEPOINT_HEADLESS
#include <QApplication>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>
#endif
#include <QCoreApplication>
#include <QFile>
#include <QGuiApplication>
#include <QTextStream>

#include <cstdio>
#include <memory>
#include <unistd.h>

namespace {

// The arguments as Qt will see them, before any application object exists to say so.
QStringList argumentList(int argc, char* argv[])
{
    QStringList list;
    for (int i = 0; i < argc; ++i)
        list << QString::fromLocal8Bit(argv[i]);
    return list;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication::setOrganizationName(QStringLiteral("Kneepoint"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("kneepoint.org"));
    QCoreApplication::setApplicationName(QStringLiteral("kneepoint"));
    QCoreApplication::setApplicationVersion(kp::core::kneepointVersion());

#ifdef KNEEPOINT_HEADLESS
    constexpr bool commandLine = true;
#else
    const bool commandLine = argc > 1;
#endif
    if (commandLine) {
        // The command line has no GUI to integrate with GLib, and Qt's own UNIX dispatcher costs half as much per
        // socket write with thousands of sockets open (measured with tests/bench/bench_sim: 54,000 against
        // 129,000 streamed chunks a second on one core at 2,000 streams).
        if (!qEnvironmentVariableIsSet("QT_NO_GLIB"))
            qputenv("QT_NO_GLIB", "1");
        // A PDF report needs fonts, hence a QGuiApplication; never a display, so the offscreen platform serves.
        std::unique_ptr<QCoreApplication> app;
        if (kp::cli::ReportCommand::needsGui(argumentList(argc, argv))) {
            if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
                qputenv("QT_QPA_PLATFORM", "offscreen");
            app = std::make_unique<QGuiApplication>(argc, argv);
        } else {
            app = std::make_unique<QCoreApplication>(argc, argv);
        }
        // Whatever a command prints, a server's words among it, reaches the terminal without its control
        // characters.
        QFile stdoutFile, stderrFile;
        // By descriptor, so that each flush of a stream is a write(2): a pipe's reader (a test, a script waiting
        // for the simulator's URL) sees a line the moment it is flushed, not when stdio's buffer fills.
        stdoutFile.open(STDOUT_FILENO, QIODevice::WriteOnly | QIODevice::Unbuffered);
        stderrFile.open(STDERR_FILENO, QIODevice::WriteOnly | QIODevice::Unbuffered);
        kp::cli::ControlCharacterFilter stdoutFilter(&stdoutFile), stderrFilter(&stderrFile);
        QTextStream out(&stdoutFilter);
        QTextStream err(&stderrFilter);
        QStringList arguments = QCoreApplication::arguments();
        // Headless, with no window to open, a bare `kneepoint` (a container started without arguments) says how to
        // use it rather than failing.
        if (arguments.size() < 2)
            arguments << QStringLiteral("--help");
        kp::cli::CommandLine cli = kp::cli::CommandLine::standard();
        const int code = cli.exec(arguments, out, err);
        out.flush();
        err.flush();
        return code;
    }

#ifndef KNEEPOINT_HEADLESS
    QApplication app(argc, argv);
    // The language chosen in Settings wins over the system's from this start on; numbers and dates follow it.
    if (const QString language = kp::ui::SettingsDialog::language(); !language.isEmpty())
        QLocale::setDefault(QLocale(language));
    // Qt's own strings (dialog buttons) and ours, in the user's language where a translation exists.
    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&qtTranslator);
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("kneepoint"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(&translator);
    QApplication::setApplicationDisplayName(QStringLiteral("Kneepoint"));
    kp::ui::Appearance::applySaved();
    // Wayland and the desktop find the .desktop file and its icon by this id; X11 by the window class.
    QGuiApplication::setDesktopFileName(QStringLiteral("org.kneepoint.Kneepoint"));
    QIcon icon;
    for (int size : {16, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/icons/hicolor/%1x%1/apps/org.kneepoint.Kneepoint.png").arg(size));
    QApplication::setWindowIcon(icon);
    kp::ui::MainWindow window;
    window.show();
    return QApplication::exec();
#endif
}
