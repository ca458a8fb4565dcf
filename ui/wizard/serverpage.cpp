// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/wizard/serverpage.h"

#include "core/common/processlimits.h"
#include "core/common/urlcredentials.h"
#include "ui/wizard/detectjob.h"
#include "ui/wizard/fieldmessage.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPixmap>
#include <QPushButton>
#include <QScrollBar>
#include <QStyle>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>

namespace kp::ui {

namespace {

using core::DoctorCheck;

struct UrlVerdict
{
    std::optional<QUrl> url; ///< set when the run can use it
    QString message;
    FieldMessage::Kind kind = FieldMessage::Kind::Error;
};

UrlVerdict judgeUrl(const QString& text)
{
    UrlVerdict v;
    if (text.trimmed().isEmpty())
        return v;
    // The key has its own field; in the address it would be stored with the run and shown in every report.
    if (const QString problem = core::urlCredentialProblem(text, ServerPage::tr("The address")); !problem.isEmpty()) {
        v.message = problem;
        return v;
    }
    const QUrl url = core::Doctor::normalizeUrl(text);
    if (!url.isValid()) {
        v.message = ServerPage::tr("“%1” is not a URL. Type the server's address, such as http://127.0.0.1:8000.")
                        .arg(text.trimmed());
        return v;
    }
    if (url.scheme() != u"http" && url.scheme() != u"https") {
        v.message = ServerPage::tr("Kneepoint talks to servers over http:// or https://, not %1://.").arg(url.scheme());
        return v;
    }
    if (url.host().isEmpty()) {
        v.message = ServerPage::tr("The address names no host. Type it as http://HOST:PORT.");
        return v;
    }
    v.url = url.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment);
    // The OpenAI client's base URL ends in /v1; people paste it. It works, but the user should know the rest is not
    // used, or a proxy path prefix would silently be lost.
    if ((!url.path().isEmpty() && url.path() != u"/") || url.hasQuery() || url.hasFragment()) {
        v.message = ServerPage::tr("Only the scheme, host and port are used (%1): Kneepoint adds /v1/… and the other "
                                   "paths itself.")
                        .arg(v.url->toString(QUrl::RemoveUserInfo));
        v.kind = FieldMessage::Kind::Warning;
    }
    return v;
}

QString resultWord(DoctorCheck::Result result)
{
    switch (result) {
    case DoctorCheck::Result::Pass:
        return ServerPage::tr("pass");
    case DoctorCheck::Result::Warn:
        return ServerPage::tr("warn");
    case DoctorCheck::Result::Fail:
        return ServerPage::tr("fail");
    case DoctorCheck::Result::Skipped:
        break;
    }
    return ServerPage::tr("skip");
}

QIcon resultIcon(const QStyle* style, DoctorCheck::Result result)
{
    switch (result) {
    case DoctorCheck::Result::Pass:
        return style->standardIcon(QStyle::SP_DialogApplyButton);
    case DoctorCheck::Result::Warn:
        return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case DoctorCheck::Result::Fail:
        return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case DoctorCheck::Result::Skipped:
        break;
    }
    return {};
}

QLabel* valueLabel(const QString& objectName, const QString& accessibleName, QWidget* parent)
{
    auto* label = new QLabel(ServerPage::tr("—"), parent);
    label->setObjectName(objectName);
    label->setAccessibleName(accessibleName);
    // The server names its version and model: data, never markup (a name like "<img src=…>" must show as typed).
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    label->setWordWrap(true);
    return label;
}

} // namespace

ServerPage::ServerPage(QWidget* parent)
    : QWizardPage(parent)
{
    setObjectName(QStringLiteral("serverPage"));
    setTitle(tr("Server"));
    setSubTitle(tr("Where the vLLM server listens. Detect checks that it can be benchmarked and reads what it "
                   "serves."));

    m_urlEdit = new QLineEdit(this);
    m_urlEdit->setObjectName(QStringLiteral("urlEdit"));
    m_urlEdit->setAccessibleName(tr("Server URL"));
    m_urlEdit->setPlaceholderText(QStringLiteral("http://127.0.0.1:8000"));
    m_urlEdit->setClearButtonEnabled(true);
    m_urlMessage = new FieldMessage(m_urlEdit, this);
    m_urlMessage->setObjectName(QStringLiteral("urlMessage"));

    m_detectButton = new QPushButton(tr("&Detect"), this);
    m_detectButton->setObjectName(QStringLiteral("detectButton"));
    m_detectButton->setAccessibleName(tr("Detect the server"));
    m_detectButton->setEnabled(false);

    // A way to try everything without a server of one's own.
    m_simulatedButton = new QPushButton(tr("&Simulated server"), this);
    m_simulatedButton->setObjectName(QStringLiteral("simulatedServerButton"));
    m_simulatedButton->setAccessibleName(tr("Use Kneepoint's simulated server"));
    m_simulatedButton->setToolTip(
        tr("No server at hand: start Kneepoint's simulated vLLM on this machine (Llama 3.1 8B "
           "on the GPU chosen under Hardware, an H100 if none; at 10× speed) and measure "
           "it. It stops when the run ends."));

    m_apiKeyEdit = new QLineEdit(this);
    m_apiKeyEdit->setObjectName(QStringLiteral("apiKeyEdit"));
    m_apiKeyEdit->setAccessibleName(tr("API key"));
    m_apiKeyEdit->setEchoMode(QLineEdit::Password);
    m_apiKeyEdit->setPlaceholderText(tr("none"));
    const QString envKey = qEnvironmentVariable("KNEEPOINT_API_KEY");
    if (!envKey.isEmpty())
        core::keepSecretsOutOfCoreDumps();
    m_apiKeyEdit->setText(envKey);
    // A key with a control byte in it is refused before anything is sent (ServerEndpoint::apiKeyProblem).
    connect(m_apiKeyEdit, &QLineEdit::textChanged, this, &ServerPage::completeChanged);
    auto* keyNote = new QLabel(envKey.isEmpty()
            ? tr("Sent as a bearer token. Kept in memory for this run only; never saved.")
            : tr("Taken from KNEEPOINT_API_KEY. Sent as a bearer token; kept in memory only, never saved."),
        this);
    keyNote->setObjectName(QStringLiteral("apiKeyNote"));
    keyNote->setWordWrap(true);
    keyNote->setForegroundRole(QPalette::PlaceholderText);

    m_insecureCheck = new QCheckBox(tr("Do not check the server's TLS &certificate"), this);
    m_insecureCheck->setObjectName(QStringLiteral("insecureCheck"));
    m_insecureCheck->setToolTip(tr("Only on a network you trust: anyone in between could read the API key and the "
                                   "answers. The report says the certificate was not checked."));
    m_insecureCheck->setEnabled(false);
    // A server whose certificate a private CA signed is measured with that CA trusted, not with checks off.
    m_caFileEdit = new QLineEdit(this);
    m_caFileEdit->setObjectName(QStringLiteral("caFileEdit"));
    m_caFileEdit->setPlaceholderText(tr("for https:// signed by a private CA (PEM), optional"));
    m_caFileEdit->setToolTip(tr("Trusted beside this machine's own CAs, for a server whose certificate a private CA "
                                "signed (kneepoint run --ca-file)."));
    m_caFileEdit->setEnabled(false);
    m_caFileButton = new QPushButton(tr("C&hoose…"), this);
    m_caFileButton->setObjectName(QStringLiteral("caFileButton"));
    m_caFileButton->setEnabled(false);
    connect(m_caFileButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("CA certificate"), m_caFileEdit->text(),
            tr("PEM certificates (*.pem *.crt *.cer);;All files (*)"));
        if (!path.isEmpty())
            m_caFileEdit->setText(path);
    });
    connect(m_caFileEdit, &QLineEdit::textChanged, this, &ServerPage::urlEdited);

    auto* urlRow = new QHBoxLayout;
    urlRow->addWidget(m_urlEdit, 1);
    urlRow->addWidget(m_detectButton);
    urlRow->addWidget(m_simulatedButton);
    auto* urlColumn = new QVBoxLayout;
    urlColumn->setSpacing(2);
    urlColumn->addLayout(urlRow);
    urlColumn->addWidget(m_urlMessage);
    urlColumn->addWidget(m_insecureCheck);
    auto* caRow = new QHBoxLayout;
    caRow->addWidget(m_caFileEdit, 1);
    caRow->addWidget(m_caFileButton);
    auto* urlLabel = new QLabel(tr("&URL:"), this);
    urlLabel->setBuddy(m_urlEdit);
    auto* keyLabel = new QLabel(tr("&API key:"), this);
    keyLabel->setBuddy(m_apiKeyEdit);

    auto* form = new QFormLayout;
    form->addRow(urlLabel, urlColumn);
    auto* caLabel = new QLabel(tr("CA certificate:"), this);
    caLabel->setBuddy(m_caFileEdit);
    form->addRow(caLabel, caRow);
    auto* keyColumn = new QVBoxLayout;
    keyColumn->setSpacing(2);
    keyColumn->addWidget(m_apiKeyEdit);
    keyColumn->addWidget(keyNote);
    form->addRow(keyLabel, keyColumn);

    m_detectStatus = new QLabel(tr("Detect is optional but recommended: it finds problems before a run does."), this);
    m_detectStatus->setObjectName(QStringLiteral("detectStatus"));
    m_detectStatus->setTextFormat(Qt::PlainText);
    m_detectStatus->setWordWrap(true);
    m_detectMessage = new FieldMessage(m_detectButton, this);
    m_detectMessage->setObjectName(QStringLiteral("detectMessage"));

    auto* found = new QGroupBox(tr("What the server reports"), this);
    found->setObjectName(QStringLiteral("foundBox"));
    auto* foundForm = new QFormLayout(found);
    m_versionValue = valueLabel(QStringLiteral("versionValue"), tr("vLLM version"), found);
    m_modelValue = valueLabel(QStringLiteral("modelValue"), tr("Model"), found);
    m_contextValue = valueLabel(QStringLiteral("contextValue"), tr("Context length"), found);
    m_kvValue = valueLabel(QStringLiteral("kvValue"), tr("KV cache capacity"), found);
    foundForm->addRow(tr("vLLM version:"), m_versionValue);
    foundForm->addRow(tr("Model:"), m_modelValue);
    foundForm->addRow(tr("Context length:"), m_contextValue);
    foundForm->addRow(tr("KV cache capacity:"), m_kvValue);

    m_checks = new QTextBrowser(this);
    m_checks->setObjectName(QStringLiteral("checksView"));
    m_checks->setAccessibleName(tr("Checks"));
    m_checks->setOpenLinks(false);
    m_checks->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_checks->setPlaceholderText(tr("Each check appears here as Detect runs it, with a fix for any problem."));
    m_checks->setMinimumHeight(140);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_detectStatus);
    layout->addWidget(m_detectMessage);
    layout->addWidget(found);
    layout->addWidget(m_checks, 1);

    connect(m_urlEdit, &QLineEdit::textChanged, this, &ServerPage::urlEdited);
    m_urlEdit->installEventFilter(this);
    connect(m_detectButton, &QPushButton::clicked, this, &ServerPage::detect);
    connect(m_simulatedButton, &QPushButton::clicked, this, [this] {
        m_simulatedButton->setEnabled(false);
        m_detectStatus->setText(tr("Starting Kneepoint's simulated vLLM server…"));
        Q_EMIT simulatedServerRequested();
    });
    // What Detect found over a checked connection does not hold for an unchecked one, nor the other way round.
    connect(m_insecureCheck, &QCheckBox::toggled, this, &ServerPage::urlEdited);
}

ServerPage::~ServerPage()
{
    // A detection still running would finish into a page that is gone: tell it to stop, and wait for the check in
    // progress (each is bounded by the timeout) so that no thread outlives the application.
    for (const QPointer<DetectJob>& job : std::as_const(m_jobs)) {
        if (job) {
            disconnect(job, nullptr, this, nullptr);
            job->cancel();
            job->wait(DetectTimeoutMs + 2000);
        }
    }
}

bool ServerPage::eventFilter(QObject* watched, QEvent* event)
{
    // Enter in the URL field detects rather than pressing the dialog's Next: the address was just typed, and
    // checking it is the step that helps.
    if (watched == m_urlEdit && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if ((key == Qt::Key_Return || key == Qt::Key_Enter) && m_detectButton->isEnabled()) {
            detect();
            return true;
        }
    }
    return QWizardPage::eventFilter(watched, event);
}

QUrl ServerPage::url() const
{
    return judgeUrl(m_urlEdit->text()).url.value_or(QUrl());
}

void ServerPage::setUrl(const QUrl& url)
{
    m_urlEdit->setText(url.toString(QUrl::RemoveUserInfo));
}

QByteArray ServerPage::apiKey() const
{
    return m_apiKeyEdit->text().toUtf8();
}

bool ServerPage::insecure() const
{
    return m_insecureCheck->isEnabled() && m_insecureCheck->isChecked();
}

void ServerPage::useSimulatedServer(const QUrl& url, const QString& error)
{
    m_simulatedButton->setEnabled(true);
    if (url.isEmpty()) {
        m_detectStatus->setText(tr("The simulated server could not start: %1").arg(error));
        return;
    }
    setUrl(url);
    detect();
}

void ServerPage::setInsecure(bool insecure)
{
    m_insecureCheck->setChecked(insecure);
}

QString ServerPage::caFile() const
{
    return m_caFileEdit->isEnabled() ? m_caFileEdit->text().trimmed() : QString();
}

void ServerPage::setCaFile(const QString& path)
{
    m_caFileEdit->setText(path);
}

bool ServerPage::isComplete() const
{
    return judgeUrl(m_urlEdit->text()).url.has_value() && core::ServerEndpoint::apiKeyProblem(apiKey()).isEmpty()
        && (caFile().isEmpty() || core::ServerEndpoint::caFileProblem(caFile()).isEmpty());
}

std::optional<QUrl> ServerPage::checkUrl(bool showMessage)
{
    const UrlVerdict v = judgeUrl(m_urlEdit->text());
    if (showMessage)
        m_urlMessage->showMessage(v.message, v.kind);
    return v.url;
}

void ServerPage::urlEdited()
{
    const std::optional<QUrl> checked = checkUrl(true);
    const bool usable = checked.has_value();
    const bool https = usable && checked->scheme() == u"https";
    m_insecureCheck->setEnabled(https);
    m_caFileEdit->setEnabled(https);
    m_caFileButton->setEnabled(https);
    if (const QString ca = caFile(); !ca.isEmpty()) {
        if (const QString problem = core::ServerEndpoint::caFileProblem(ca); !problem.isEmpty())
            m_urlMessage->showMessage(
                tr("The CA certificate file %1: %2.").arg(ca, problem), FieldMessage::Kind::Error);
    }
    // What was found belongs to the old address; a detection still running for it is dropped when it reports.
    ++m_generation;
    for (const QPointer<DetectJob>& job : std::as_const(m_jobs))
        if (job)
            job->cancel();
    m_checkList.clear();
    renderChecks();
    m_detectMessage->clearMessage();
    m_detectStatus->setText(tr("Detect is optional but recommended: it finds problems before a run does."));
    m_detectButton->setEnabled(usable);
    if (m_facts) {
        m_facts.reset();
        showFacts();
        Q_EMIT factsChanged();
    }
    Q_EMIT completeChanged();
}

void ServerPage::detect()
{
    const std::optional<QUrl> url = checkUrl(true);
    if (!url)
        return;
    if (const QString problem = core::ServerEndpoint::apiKeyProblem(apiKey()); !problem.isEmpty()) {
        m_detectMessage->showMessage(tr("The API key %1").arg(problem), FieldMessage::Kind::Error);
        return;
    }
    m_jobs.removeAll(nullptr);
    for (const QPointer<DetectJob>& job : std::as_const(m_jobs))
        job->cancel();

    const quint64 generation = ++m_generation;
    auto* job = new DetectJob(
        core::ServerEndpoint::forChecks(*url, apiKey(), !insecure(), caFile(), DetectTimeoutMs), DetectTimeoutMs);
    m_jobs.append(job);
    connect(job, &DetectJob::checkDone, this, [this, generation](const core::DoctorCheck& check) {
        if (generation == m_generation)
            addCheck(check);
    });
    connect(job, &DetectJob::finished, this,
        [this, generation](const core::DoctorReport& report, const core::ServerFacts& facts) {
            if (generation == m_generation)
                detected(report, facts);
        });

    m_checkList.clear();
    renderChecks();
    m_detectMessage->clearMessage();
    if (m_facts) {
        m_facts.reset();
        showFacts();
        Q_EMIT factsChanged();
    }
    m_detectButton->setEnabled(false);
    m_detectStatus->setText(tr("Checking %1…").arg(url->toString(QUrl::RemoveUserInfo)));
    job->start();
}

void ServerPage::addCheck(const core::DoctorCheck& check)
{
    m_checkList.push_back(check);
    renderChecks();
    m_detectStatus->setText(tr("Checking… %1 done").arg(check.title));
}

void ServerPage::renderChecks(bool finished)
{
    // A text view rather than a table: the details and fixes are sentences, and they wrap here instead of being cut.
    if (m_checkList.empty()) {
        m_checks->clear();
        return;
    }
    const int iconSize = m_checks->fontMetrics().height();
    QString html = QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"3\"><tr><th align=\"left\">"
                                  "%1</th><th align=\"left\">%2</th><th align=\"left\">%3</th></tr>")
                       .arg(tr("Result"), tr("Check"), tr("Found"));
    bool anchored = false;
    for (const DoctorCheck& c : m_checkList) {
        const bool problem = c.result == DoctorCheck::Result::Warn || c.result == DoctorCheck::Result::Fail;
        QString found = c.detail.toHtmlEscaped();
        if (problem && !c.fix.isEmpty())
            found += QStringLiteral("<br>") + tr("<b>Fix:</b> %1").arg(c.fix.toHtmlEscaped());
        // Once done, the view opens on the first problem: that is what the user has to act on.
        QString anchor;
        if (problem && !anchored) {
            anchor = QStringLiteral("<a name=\"first-problem\"></a>");
            anchored = true;
        }
        html += QStringLiteral("<tr><td nowrap valign=\"top\">") + anchor
            + QStringLiteral("<img src=\"kp-result:%1\" width=\"%2\" height=\"%2\"> ")
                  .arg(DoctorCheck::resultName(c.result))
                  .arg(iconSize)
            + resultWord(c.result).toHtmlEscaped() + QStringLiteral("</td><td nowrap valign=\"top\">")
            + c.title.toHtmlEscaped() + QStringLiteral("</td><td valign=\"top\">") + found
            + QStringLiteral("</td></tr>");
    }
    html += QStringLiteral("</table>");
    m_checks->setHtml(html);
    // setHtml() empties the document's resources: the icons go back in each time, in the current style. A skipped
    // check gets a blank one so that the words line up.
    for (const auto result : {DoctorCheck::Result::Pass, DoctorCheck::Result::Warn, DoctorCheck::Result::Fail,
             DoctorCheck::Result::Skipped}) {
        QPixmap pixmap = resultIcon(style(), result).pixmap(iconSize, iconSize);
        if (pixmap.isNull()) {
            pixmap = QPixmap(iconSize, iconSize);
            pixmap.fill(Qt::transparent);
        }
        m_checks->document()->addResource(
            QTextDocument::ImageResource, QUrl(QStringLiteral("kp-result:") + DoctorCheck::resultName(result)), pixmap);
    }
    if (finished && anchored)
        m_checks->scrollToAnchor(QStringLiteral("first-problem"));
    else if (finished)
        m_checks->verticalScrollBar()->setValue(0);
    else
        m_checks->verticalScrollBar()->setValue(m_checks->verticalScrollBar()->maximum());
}

void ServerPage::detected(const core::DoctorReport& report, const core::ServerFacts& facts)
{
    renderChecks(true);
    m_facts = facts;
    showFacts();
    m_detectButton->setEnabled(isComplete());
    const auto count = [&report](DoctorCheck::Result r) {
        return int(std::count_if(
            report.checks.begin(), report.checks.end(), [r](const DoctorCheck& c) { return c.result == r; }));
    };
    const int failed = count(DoctorCheck::Result::Fail);
    const int warned = count(DoctorCheck::Result::Warn);
    if (failed > 0) {
        m_detectStatus->setText(failed == 1 ? tr("One check failed.") : tr("%1 checks failed.").arg(failed));
        m_detectMessage->showMessage(tr("The server cannot be benchmarked as it is: see the fixes below. You can "
                                        "still go on, but the run will probably fail."),
            FieldMessage::Kind::Warning);
    } else if (warned > 0) {
        m_detectStatus->setText(warned == 1
                ? tr("The server can be benchmarked; the warning below makes some findings less certain.")
                : tr("The server can be benchmarked; the %1 warnings below make some findings less certain.")
                      .arg(warned));
    } else {
        m_detectStatus->setText(tr("The server can be benchmarked: every check passed."));
    }
    Q_EMIT factsChanged();
}

void ServerPage::showFacts()
{
    const QString unknown = tr("not found");
    if (!m_facts) {
        for (QLabel* label : {m_versionValue, m_modelValue, m_contextValue, m_kvValue})
            label->setText(tr("—"));
        return;
    }
    const core::ServerFacts& f = *m_facts;
    const QLocale locale;
    QString version = f.serverText();
    if (f.timeScale)
        version = tr("%1 (Kneepoint's simulated server, %2× speed)").arg(version, locale.toString(*f.timeScale));
    m_versionValue->setText(version);
    QString model = f.modelId.isEmpty() ? unknown : f.modelId;
    if (!f.modelRoot.isEmpty() && f.modelRoot != f.modelId)
        model = tr("%1 (loaded from %2)").arg(model, f.modelRoot);
    m_modelValue->setText(model);
    m_contextValue->setText(f.maxModelLen ? tr("%1 tokens").arg(locale.toString(*f.maxModelLen)) : unknown);
    m_kvValue->setText(f.kvCapacityTokens ? tr("%1 tokens").arg(locale.toString(*f.kvCapacityTokens))
                                          : tr("not visible (needs /metrics)"));
}

} // namespace kp::ui
