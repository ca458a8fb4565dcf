// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/quality/qualityaskdialog.h"

#include "core/common/processlimits.h"
#include "core/common/urlcredentials.h"
#include "core/doctor/doctor.h"
#include "core/load/serverendpoint.h"
#include "core/quality/qualityasker.h"
#include "core/quality/qualitypassrequest.h"
#include "core/quality/qualitystore.h"
#include "core/quality/qualityverdict.h"
#include "core/store/runstore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace kp::ui {

using namespace kp::core;

QualityAskDialog::QualityAskDialog(const QString& databasePath, QWidget* parent)
    : QDialog(parent)
    , m_path(databasePath)
    , m_url(new QLineEdit(this))
    , m_apiKey(new QLineEdit(this))
    , m_insecure(new QCheckBox(tr("Do &not check the server's TLS certificate"), this))
    , m_caFile(new QLineEdit(this))
    , m_role(new QComboBox(this))
    , m_allowedDrop(new QDoubleSpinBox(this))
    , m_repeat(new QSpinBox(this))
    , m_concurrency(new QSpinBox(this))
    , m_setFile(new QLineEdit(this))
    , m_message(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Ask the question set"));
    setObjectName(QStringLiteral("qualityAskDialog"));
    m_url->setObjectName(QStringLiteral("qualityUrl"));
    m_url->setAccessibleName(tr("Server URL"));
    m_url->setPlaceholderText(QStringLiteral("http://127.0.0.1:8000"));
    m_apiKey->setObjectName(QStringLiteral("qualityApiKey"));
    m_apiKey->setAccessibleName(tr("API key"));
    m_apiKey->setEchoMode(QLineEdit::Password);
    m_apiKey->setPlaceholderText(tr("none; kept in memory only"));
    // As a run asks it (the wizard's Server page): the questions go where the load went, with the same trust.
    m_insecure->setObjectName(QStringLiteral("qualityInsecure"));
    m_insecure->setToolTip(tr("Only on a network you trust: anyone in between could read the API key and the "
                              "answers."));
    m_caFile->setObjectName(QStringLiteral("qualityCaFile"));
    m_caFile->setAccessibleName(tr("CA certificate file"));
    m_caFile->setPlaceholderText(tr("for https:// signed by a private CA (PEM), optional"));
    m_role->setObjectName(QStringLiteral("qualityRole"));
    m_role->setAccessibleName(tr("Role of this pass"));
    m_role->addItem(tr("Before the change"), int(core::QualityRole::Before));
    m_role->addItem(tr("After the change"), int(core::QualityRole::After));
    m_allowedDrop->setObjectName(QStringLiteral("qualityAllowedDrop"));
    m_allowedDrop->setAccessibleName(tr("Allowed accuracy drop"));
    m_allowedDrop->setRange(0, core::QualityPassRequest::kMostAllowedDropPp);
    m_allowedDrop->setDecimals(1);
    m_allowedDrop->setSingleStep(0.5);
    m_allowedDrop->setValue(core::QualityVerdict::kDefaultAllowedDropPp);
    m_allowedDrop->setSuffix(tr(" percentage points"));
    m_repeat->setObjectName(QStringLiteral("qualityRepeat"));
    m_repeat->setAccessibleName(tr("Repetitions"));
    m_repeat->setRange(1, 5);
    m_repeat->setValue(2);
    m_concurrency->setObjectName(QStringLiteral("qualityConcurrency"));
    m_concurrency->setAccessibleName(tr("Questions at a time"));
    m_concurrency->setRange(1, 256);
    m_concurrency->setValue(16);
    m_setFile->setObjectName(QStringLiteral("qualitySetFile"));
    m_setFile->setAccessibleName(tr("Question set file"));
    m_setFile->setPlaceholderText(
        tr("the bundled set (%n questions)", nullptr, int(QuestionSet::bundled().questions().size())));
    auto* browse = new QPushButton(tr("&Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Choose a question set"), m_setFile->text(), tr("JSON Lines (*.jsonl);;All files (*)"));
        if (!path.isEmpty())
            m_setFile->setText(path);
    });
    m_message->setObjectName(QStringLiteral("qualityMessage"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText); // the server's error text: data, never markup
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setObjectName(QStringLiteral("qualityProgress"));
    m_progress->setVisible(false);

    auto* setRow = new QHBoxLayout;
    setRow->addWidget(m_setFile, 1);
    setRow->addWidget(browse);
    auto* form = new QFormLayout;
    form->addRow(tr("&Server:"), m_url);
    form->addRow(tr("API &key:"), m_apiKey);
    form->addRow(QString(), m_insecure);
    auto* caRow = new QHBoxLayout;
    caRow->addWidget(m_caFile, 1);
    auto* caBrowse = new QPushButton(tr("C&hoose…"), this);
    connect(caBrowse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("CA certificate"), m_caFile->text(), tr("PEM certificates (*.pem *.crt);;All files (*)"));
        if (!path.isEmpty())
            m_caFile->setText(path);
    });
    caRow->addWidget(caBrowse);
    auto* caLabel = new QLabel(tr("CA &file:"), this);
    caLabel->setBuddy(m_caFile);
    form->addRow(caLabel, caRow);
    form->addRow(tr("&Role:"), m_role);
    form->addRow(tr("Allowed &drop:"), m_allowedDrop);
    form->addRow(tr("R&epetitions:"), m_repeat);
    form->addRow(tr("At a &time:"), m_concurrency);
    // A row of a field and its button: the label needs its buddy named, or its "&" would show as typed.
    auto* setLabel = new QLabel(tr("&Question set:"), this);
    setLabel->setBuddy(m_setFile);
    form->addRow(setLabel, setRow);
    auto* explain = new QLabel(tr("Every question is asked at temperature 0 with a fixed seed. The second "
                                  "repetition is the noise floor: how many answers move with nothing changed. The "
                                  "allowed drop is the rule the \"after\" pass will be judged by; it is set now, "
                                  "before any answer exists."),
        this);
    explain->setWordWrap(true);
    QPushButton* askButton = m_buttons->addButton(tr("&Ask"), QDialogButtonBox::AcceptRole);
    askButton->setObjectName(QStringLiteral("qualityAskButton"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QualityAskDialog::ask);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_role, &QComboBox::currentIndexChanged, this, &QualityAskDialog::updateRole);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(explain);
    layout->addWidget(m_progress);
    layout->addWidget(m_message);
    layout->addWidget(m_buttons);
    resize(560, sizeHint().height());
}

QualityAskDialog::~QualityAskDialog() = default;

void QualityAskDialog::setUrl(const QString& url)
{
    m_url->setText(url);
}

void QualityAskDialog::updateRole()
{
    // The after pass is judged by the rule of its before pass; it has none of its own to give.
    m_allowedDrop->setEnabled(role() == core::QualityRole::Before);
}

void QualityAskDialog::setBusy(bool busy)
{
    for (QWidget* w : {static_cast<QWidget*>(m_url), static_cast<QWidget*>(m_apiKey), static_cast<QWidget*>(m_insecure),
             static_cast<QWidget*>(m_caFile), static_cast<QWidget*>(m_role), static_cast<QWidget*>(m_repeat),
             static_cast<QWidget*>(m_concurrency), static_cast<QWidget*>(m_setFile)})
        w->setEnabled(!busy);
    m_allowedDrop->setEnabled(!busy && role() == core::QualityRole::Before);
    m_buttons->button(QDialogButtonBox::Cancel)->setEnabled(!busy);
    for (QAbstractButton* b : m_buttons->buttons())
        if (m_buttons->buttonRole(b) == QDialogButtonBox::AcceptRole)
            b->setEnabled(!busy);
    m_progress->setVisible(busy);
}

core::QualityRole QualityAskDialog::role() const
{
    return core::QualityRole(m_role->currentData().toInt());
}

void QualityAskDialog::ask()
{
    if (const QString problem = core::urlCredentialProblem(m_url->text(), tr("The server's address"));
        !problem.isEmpty()) {
        m_message->setText(problem);
        m_url->setFocus();
        return;
    }
    core::QualityPassRequest::Given given;
    given.url = m_url->text();
    given.role = role();
    if (given.role == core::QualityRole::Before)
        given.allowedDropPp = m_allowedDrop->value();
    given.setFile = m_setFile->text().trimmed();
    QString error;
    QStringList problems;
    m_request = core::QualityPassRequest::of(given, &error, &problems);
    if (!m_request) {
        // Nothing is asked until the file is clean: every problem with its line number.
        m_message->setText(problems.isEmpty() ? error : error + u'\n' + problems.join(u'\n'));
        if (problems.isEmpty() && !core::Doctor::isServerUrl(core::Doctor::normalizeUrl(given.url)))
            m_url->setFocus();
        return;
    }
    QualityAskOptions options;
    options.url = m_request->url;
    options.apiKey = m_apiKey->text().toUtf8();
    if (!options.apiKey.isEmpty())
        core::keepSecretsOutOfCoreDumps();
    if (const QString problem = core::ServerEndpoint::apiKeyProblem(options.apiKey); !problem.isEmpty()) {
        m_message->setText(tr("The API key %1").arg(problem));
        return;
    }
    options.verifyTls = !m_insecure->isChecked();
    options.caFile = m_caFile->text().trimmed();
    if (!options.caFile.isEmpty()) {
        if (const QString problem = core::ServerEndpoint::caFileProblem(options.caFile); !problem.isEmpty()) {
            m_message->setText(tr("The CA file %1: %2.").arg(options.caFile, problem));
            m_caFile->setFocus();
            return;
        }
    }
    options.repeat = m_repeat->value();
    options.concurrency = m_concurrency->value();
    m_asker = std::make_unique<QualityAsker>(m_request->set, options);
    connect(m_asker.get(), &QualityAsker::progress, this, [this](int done, int total) {
        m_progress->setMaximum(total);
        m_progress->setValue(done);
        m_progress->setFormat(tr("%1 of %2 answers").arg(done).arg(total));
    });
    connect(m_asker.get(), &QualityAsker::finished, this, &QualityAskDialog::finished);
    m_message->setText(tr("Asking…"));
    setBusy(true);
    m_asker->start();
}

void QualityAskDialog::finished(bool ok, const QString& error)
{
    setBusy(false);
    if (!ok) {
        m_message->setText(tr("Nothing was asked or stored: %1").arg(error));
        return;
    }
    QString storeError;
    const std::unique_ptr<RunStore> store = RunStore::open(m_path, &storeError, QStringLiteral("quality-ask"));
    if (!store) {
        m_message->setText(tr("The answers could not be stored: %1").arg(storeError));
        return;
    }
    m_passId = m_asker->store(m_request->role, m_request->allowedDropPp, *store, &storeError);
    if (m_passId < 0) {
        m_message->setText(storeError);
        return;
    }
    // Said before the dialog closes, with a way to close it that is not OK.
    if (const QString warning = QualityAsker::noneRight(m_passId, m_asker->answers()); !warning.isEmpty()) {
        m_message->setText(QStringLiteral("⚠ ") + warning);
        m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("&Close"));
        for (QAbstractButton* b : m_buttons->buttons())
            if (m_buttons->buttonRole(b) == QDialogButtonBox::AcceptRole)
                b->setEnabled(false);
        return;
    }
    accept();
}

} // namespace kp::ui
