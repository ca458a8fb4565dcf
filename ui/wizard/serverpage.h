// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/doctor/doctor.h"
#include "core/server/serverfacts.h"

#include <QPointer>
#include <QUrl>
#include <QWizardPage>

#include <optional>
#include <vector>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTextBrowser;

namespace kp::ui {

class DetectJob;
class FieldMessage;

/// Page 1: where the server is, its API key, and the doctor's checks of it (Detect). Next needs only a URL that
/// parses: a failed detection leaves a warning, not a locked door, since an expert may know better.
class ServerPage : public QWizardPage
{
    Q_OBJECT
public:
    /// How long Detect waits for each network step: long enough for a loaded server, short enough to wait for.
    static constexpr int DetectTimeoutMs = 5000;

    explicit ServerPage(QWidget* parent = nullptr);
    ~ServerPage() override;

    /// The server's scheme, host and port as the run uses them (any path is dropped: Kneepoint adds its own);
    /// empty while the field does not hold a usable URL.
    QUrl url() const;
    void setUrl(const QUrl& url);
    /// In memory only: never saved anywhere.
    QByteArray apiKey() const;
    /// The user chose not to check the server's TLS certificate (kneepoint run --insecure); only for https.
    bool insecure() const;
    void setInsecure(bool insecure);
    /// PEM certificates trusted beside the system's (kneepoint run --ca-file); empty when none, or not https.
    QString caFile() const;
    void setCaFile(const QString& path);
    /// The simulated server asked for with its button is up at `url` (Detect then runs), or could not start
    /// (`error`).
    void useSimulatedServer(const QUrl& url, const QString& error);
    /// What the last detection for the current URL found; empty before one has finished.
    const std::optional<core::ServerFacts>& facts() const { return m_facts; }

    bool isComplete() const override;

public Q_SLOTS:
    void detect();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

Q_SIGNALS:
    /// A detection finished, or the URL changed and its facts no longer hold.
    void factsChanged();
    /// "Simulated server" was pressed: whoever owns the wizard starts Kneepoint's simulator, which must outlive the
    /// wizard for the run, and answers with useSimulatedServer().
    void simulatedServerRequested();

private:
    void urlEdited();
    /// The URL typed, judged: sets the message and returns the URL when it can be used.
    std::optional<QUrl> checkUrl(bool showMessage);
    void addCheck(const core::DoctorCheck& check);
    void detected(const core::DoctorReport& report, const core::ServerFacts& facts);
    void showFacts();
    void renderChecks(bool finished = false);

    QLineEdit* m_urlEdit = nullptr;
    FieldMessage* m_urlMessage = nullptr;
    QLineEdit* m_apiKeyEdit = nullptr;
    QCheckBox* m_insecureCheck = nullptr;
    QLineEdit* m_caFileEdit = nullptr;
    QPushButton* m_caFileButton = nullptr;
    QPushButton* m_detectButton = nullptr;
    QPushButton* m_simulatedButton = nullptr;
    QLabel* m_detectStatus = nullptr;
    FieldMessage* m_detectMessage = nullptr;
    QLabel* m_versionValue = nullptr;
    QLabel* m_modelValue = nullptr;
    QLabel* m_contextValue = nullptr;
    QLabel* m_kvValue = nullptr;
    QTextBrowser* m_checks = nullptr;

    std::vector<core::DoctorCheck> m_checkList;
    std::optional<core::ServerFacts> m_facts;
    /// Bumped whenever the URL changes or a detection starts: results of an older one are dropped.
    quint64 m_generation = 0;
    QList<QPointer<DetectJob>> m_jobs;
};

} // namespace kp::ui
