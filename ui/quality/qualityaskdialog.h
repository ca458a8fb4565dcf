// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/quality/qualitypassrequest.h"

#include <QDialog>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QSpinBox;

namespace kp::core {
class QualityAsker;
}

namespace kp::ui {

/// Asks a question set of a server, as `kneepoint quality ask` does, and stores the pass. The API key lives in
/// memory only; the allowed drop is asked with a "before" pass, since the rule must come before the answers.
class QualityAskDialog : public QDialog
{
    Q_OBJECT

public:
    QualityAskDialog(const QString& databasePath, QWidget* parent = nullptr);
    ~QualityAskDialog() override;

    void setUrl(const QString& url);
    /// The stored pass once the answers were stored (the dialog then closes accepted, or stays open to say that no
    /// answer was right); -1 before.
    qint64 passId() const { return m_passId; }

private:
    void ask();
    void finished(bool ok, const QString& error);
    void updateRole();
    kp::core::QualityRole role() const;
    void setBusy(bool busy);

    QString m_path;
    QLineEdit* m_url;
    QLineEdit* m_apiKey;
    QCheckBox* m_insecure;
    QLineEdit* m_caFile;
    QComboBox* m_role;
    QDoubleSpinBox* m_allowedDrop;
    QSpinBox* m_repeat;
    QSpinBox* m_concurrency;
    QLineEdit* m_setFile;
    QLabel* m_message;
    QProgressBar* m_progress;
    QDialogButtonBox* m_buttons;
    std::optional<kp::core::QualityPassRequest> m_request; ///< the pass being asked, as checked
    std::unique_ptr<kp::core::QualityAsker> m_asker;
    qint64 m_passId = -1;
};

} // namespace kp::ui
