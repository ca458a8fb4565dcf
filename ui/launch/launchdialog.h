// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QElapsedTimer>
#include <QProcess>
#include <QUrl>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace kp::ui {

/// "Start a server": vLLM from a Hugging Face model id and revision, or llama.cpp's llama-server from a GGUF file,
/// proven before any load. It runs `kneepoint
/// launch` as a child process, so the window refuses, estimates, starts, proves and cleans up exactly as the
/// command line does; once the server is proven, Benchmark hands its address to the connection wizard. Closing the
/// dialog stops and removes the server.
class LaunchDialog : public QDialog
{
    Q_OBJECT

public:
    explicit LaunchDialog(QWidget* parent = nullptr);
    ~LaunchDialog() override;

    /// The `kneepoint launch` arguments the form stands for (without --dry-run).
    QStringList arguments() const;
    /// The proven server's address; empty until then.
    QUrl serverUrl() const { return m_url; }
    bool isServing() const { return m_process.state() != QProcess::NotRunning; }
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

protected:
    void done(int result) override;

private:
    void run(const QStringList& arguments, bool serving);
    void readOutput();
    void finished(int exitCode, QProcess::ExitStatus status);
    void updateButtons();
    /// Shows the fields of the chosen engine: a GGUF file and a CPU choice for llama.cpp, an image default for vLLM.
    void updateEngine();
    bool llamaCpp() const;

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
    QSpinBox* m_port;
    QPlainTextEdit* m_engineArgs;
    QLabel* m_status;
    QPlainTextEdit* m_log;
    QPushButton* m_check;
    QPushButton* m_start;
    QPushButton* m_stop;
    QPushButton* m_benchmark;
    QProcess m_process;
    QString m_lastError;
    QString m_runtimeAnswer; ///< the dry run's "Runtime:" line: which daemon (or local vllm) answered
    QUrl m_url;
    bool m_serving = false;
    QElapsedTimer m_stopping; ///< valid from a stop until the launch has ended
};

} // namespace kp::ui
