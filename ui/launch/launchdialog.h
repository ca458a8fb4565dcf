// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/launch/launchrequest.h"

#include <QDialog>
#include <QThread>
#include <QUrl>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace kp::core {
class LaunchSession;
}

namespace kp::ui {

/// "Start a server": vLLM from a Hugging Face model id and revision, or llama.cpp's llama-server from a GGUF file,
/// proven before any load. The form is a LaunchRequest; Check prepares it and Start runs a LaunchSession, the objects
/// `kneepoint launch` runs, so the window refuses, estimates, starts, proves and cleans up exactly as the command
/// line does. Both work on a thread of the dialog's own, since asking a daemon and stopping a container take
/// seconds. Once the server is proven, Benchmark hands its address to the connection wizard. Closing the dialog
/// stops and removes the server.
class LaunchDialog : public QDialog
{
    Q_OBJECT

public:
    explicit LaunchDialog(QWidget* parent = nullptr);
    ~LaunchDialog() override;

    /// What the form asks for.
    kp::core::LaunchRequest request() const;
    /// The proven server's address; empty until then.
    QUrl serverUrl() const { return m_url; }
    /// A check or a launch is under way, or a server is up.
    bool isServing() const { return m_checking || m_session; }
    QString gpuId() const;
    int gpuCount() const;
    QString statusText() const;
    QString logText() const;

public Q_SLOTS:
    /// Checks the form as `launch --dry-run` does: the memory estimate, the image and the exact command line.
    void check();
    void startServer();
    /// Stops and removes the server, waiting for the clean-up.
    void stopServer();

Q_SIGNALS:
    void benchmarkRequested(const QUrl& url, const QString& gpuId, int gpuCount);
    /// The user asked to find the best setting for the server filled in (Find the best setting…): launched by the
    /// experiment, once per setting, so only while this dialog serves nothing.
    void experimentRequested(const kp::core::LaunchRequest& request);

protected:
    void done(int result) override;

private:
    /// Prepares the request on the worker thread; then shows the check, or starts a session when `start`.
    void prepare(bool start);
    void prepared(const kp::core::LaunchPreparation& preparation, bool start);
    void sessionReady(const QUrl& url);
    void sessionFailed(const QString& sentence);
    void sessionStopped();
    void updateButtons();
    /// Shows the fields of the chosen engine: a GGUF file and a CPU choice for llama.cpp, an image default for vLLM.
    void updateEngine();
    bool llamaCpp() const;
    bool simulated() const;

    QComboBox* m_engine;
    QLineEdit* m_gguf;
    QPushButton* m_browseGguf;
    QLineEdit* m_model;
    QLineEdit* m_revision;
    QComboBox* m_runtime;
    QLineEdit* m_image;
    QCheckBox* m_allowUnpinned;
    QLineEdit* m_engineCommand;
    QComboBox* m_gpu;
    QSpinBox* m_gpus;
    QSpinBox* m_maxModelLen;
    QLabel* m_contextLabel = nullptr;
    QLabel* m_explain = nullptr; ///< what starting a server does, for the runtime chosen
    QSpinBox* m_port;
    QPlainTextEdit* m_engineArgs;
    QLabel* m_status;
    QPlainTextEdit* m_log;
    QPushButton* m_check;
    QPushButton* m_start;
    QPushButton* m_stop;
    QPushButton* m_benchmark;
    QPushButton* m_tune;
    QThread m_worker;
    QObject* m_workerContext = nullptr; ///< lives on m_worker: what runs there is invoked on it
    kp::core::LaunchSession* m_session = nullptr; ///< lives on m_worker from start to stopped
    QUrl m_url;
    bool m_checking = false;
    QString m_failure; ///< why the session ended; kept on the status when it is stopped
    bool m_stopping = false; ///< from a stop until the session has stopped
};

} // namespace kp::ui
