// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The New run wizard as a user meets it, against the simulator as a child process: type the URL, Detect, walk every
// page (with a wrong entry on each), finish, and check what comes out and where the API key went (nowhere).
#include "core/plan/runplan.h"
#include "support/simprocess.h"
#include "support/testcertificates.h"
#include "ui/settings/appearance.h"
#include "ui/wizard/connectionwizard.h"
#include "ui/wizard/hardwarepage.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QColor>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QMap>
#include <QPalette>
#include <QPointer>
#include <QRadioButton>
#include <QScopeGuard>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTranslator>

#include <memory>

using kp::ui::ConnectionWizard;

namespace {

const QString secretKey = QStringLiteral("kp-wizard-secret-4d1e");

template<typename T> T* find(const QWidget& parent, const char* name)
{
    T* widget = parent.findChild<T*>(QString::fromLatin1(name));
    if (!widget)
        qWarning("no widget named %s", name);
    return widget;
}

/// A message label counts as shown when it is visible on the page and says something.
bool showsMessage(const QLabel* label)
{
    return label && label->isVisible() && !label->text().isEmpty();
}

void replaceText(QWidget* field, const QString& text)
{
    field->setFocus();
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(field, Qt::Key_Delete);
    if (!text.isEmpty())
        QTest::keyClicks(field, text);
}

void click(QAbstractButton* button)
{
    QVERIFY(button);
    QVERIFY2(button->isEnabled(), qPrintable(button->objectName() + QStringLiteral(" is disabled")));
    // A check box or radio button reacts only on its indicator and label, and a layout may make it much wider.
    const bool indicator = qobject_cast<QCheckBox*>(button) || qobject_cast<QRadioButton*>(button);
    QTest::mouseClick(button, Qt::LeftButton, {}, indicator ? QPoint(6, button->height() / 2) : QPoint());
}

/// KNEEPOINT_SCREENSHOTS=DIR keeps a picture of each page, for a person to look at.
void screenshot(QWidget& widget, const QString& name)
{
    const QString dir = qEnvironmentVariable("KNEEPOINT_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    // A message that just appeared has only asked for a new layout; grab() alone would paint the old one.
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    QVERIFY(widget.grab().save(dir + QStringLiteral("/wizard-") + name + QStringLiteral(".png")));
}

} // namespace

class TestConnectionWizard : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("KneepointTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_connectionwizard"));
        QSettings().clear();
        qunsetenv("KNEEPOINT_API_KEY");
        // KNEEPOINT_APPEARANCE=dark: the screenshot walk's dark pass.
        kp::ui::Appearance::applySaved();
        QString error;
        QVERIFY2(m_sim.start({QStringLiteral("--speed"), QStringLiteral("10")}, &error), qPrintable(error));
        QVERIFY(m_sim.baseUrl().startsWith(QStringLiteral("http://127.0.0.1:")));
    }

    void detectShowsWhatTheServerRuns()
    {
        ConnectionWizard wizard;
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        auto* url = find<QLineEdit>(wizard, "urlEdit");
        auto* detect = find<QAbstractButton>(wizard, "detectButton");
        QVERIFY(url && detect);
        QVERIFY(!detect->isEnabled());
        QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
        QTest::keyClicks(url, m_sim.baseUrl());
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
        click(detect);
        QVERIFY(!detect->isEnabled()); // no second detection while one runs

        auto* version = find<QLabel>(wizard, "versionValue");
        auto* model = find<QLabel>(wizard, "modelValue");
        QTRY_VERIFY_WITH_TIMEOUT(version->text().contains(QStringLiteral("0.31.0")), 30'000);
        QVERIFY2(model->text().contains(QStringLiteral("Llama-3.1-8B")), qPrintable(model->text()));
        QVERIFY(find<QLabel>(wizard, "contextValue")->text().contains(QStringLiteral("tokens")));
        QVERIFY(find<QLabel>(wizard, "kvValue")->text().contains(QStringLiteral("tokens")));
        QVERIFY(detect->isEnabled());
        QVERIFY(!showsMessage(find<QLabel>(wizard, "detectMessage")));

        // Host checks (CPU governor, other load) may warn on a shared machine; none of the server's may fail.
        const QString checks = find<QTextBrowser>(wizard, "checksView")->toPlainText();
        for (const char* title : {"TCP connect", "GET /health", "GET /v1/models", "One-token completion"})
            QVERIFY2(checks.contains(QString::fromLatin1(title)), qPrintable(checks));
        QVERIFY2(!checks.contains(QStringLiteral("fail")), qPrintable(checks));
        QVERIFY(wizard.serverFacts().has_value());
        QCOMPARE(wizard.serverFacts()->vllmVersion, QStringLiteral("0.31.0"));
        // The simulator names its GPU: the hardware page has it chosen, so Next is not refused there.
        QCOMPARE(wizard.serverFacts()->reportedGpu, QStringLiteral("h100-sxm"));
        QCOMPARE(find<kp::ui::HardwarePage>(wizard, "hardwarePage")->gpuId(), QStringLiteral("h100-sxm"));
        screenshot(wizard, QStringLiteral("1-server"));

        // A new address makes the old findings stale.
        QTest::keyClick(url, Qt::Key_Backspace);
        QVERIFY(!wizard.serverFacts().has_value());
        QCOMPARE(version->text(), QStringLiteral("—"));
    }

    // What a server names itself is data: a model called "<b>…</b><img …>" is shown as typed, never as markup.
    void aServerChosenNameIsShownAsTyped()
    {
        SimProcess sim;
        QString error;
        const QString name = QStringLiteral("<b>bold</b><img src=\"x\">");
        QVERIFY2(
            sim.start(
                {QStringLiteral("--speed"), QStringLiteral("20"), QStringLiteral("--served-model-name"), name}, &error),
            qPrintable(error));
        ConnectionWizard wizard;
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        QTest::keyClicks(find<QLineEdit>(wizard, "urlEdit"), sim.baseUrl());
        click(find<QAbstractButton>(wizard, "detectButton"));
        auto* model = find<QLabel>(wizard, "modelValue");
        QTRY_VERIFY_WITH_TIMEOUT(model->text().contains(name), 30'000);
        QCOMPARE(model->textFormat(), Qt::PlainText);
        screenshot(wizard, QStringLiteral("1-server-markup-name"));
    }

    void failedDetectStillLetsAnExpertGoOn()
    {
        ConnectionWizard wizard;
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        // Nothing listens on port 1 of the loopback: the TCP check fails at once.
        QTest::keyClicks(find<QLineEdit>(wizard, "urlEdit"), QStringLiteral("127.0.0.1:1"));
        click(find<QAbstractButton>(wizard, "detectButton"));
        auto* message = find<QLabel>(wizard, "detectMessage");
        QTRY_VERIFY_WITH_TIMEOUT(showsMessage(message), 30'000);
        QVERIFY(find<QTextBrowser>(wizard, "checksView")->toPlainText().contains(QStringLiteral("fail")));
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
        screenshot(wizard, QStringLiteral("1-server-failed"));
        click(wizard.button(QWizard::NextButton));
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::HardwarePageId));
    }

    void walksEveryPageAndFinishes()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        auto wizardOwner = std::make_unique<ConnectionWizard>();
        ConnectionWizard& wizard = *wizardOwner;
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        QAbstractButton* next = wizard.button(QWizard::NextButton);
        QAbstractButton* back = wizard.button(QWizard::BackButton);

        // 1. Server: a URL that does not parse is said so, next to the field, and Next stays off.
        auto* url = find<QLineEdit>(wizard, "urlEdit");
        QTest::keyClicks(url, QStringLiteral("http://127.0.0.1:99999"));
        QVERIFY(showsMessage(find<QLabel>(wizard, "urlMessage")));
        QVERIFY(!next->isEnabled());
        screenshot(wizard, QStringLiteral("1-server-bad-url"));
        replaceText(url, m_sim.baseUrl());
        QVERIFY(!showsMessage(find<QLabel>(wizard, "urlMessage")));
        // A key with a control byte (pasted with its line break) would inject headers: Next stays off.
        find<QLineEdit>(wizard, "apiKeyEdit")->setText(secretKey + QStringLiteral("\tX-Injected: yes"));
        QVERIFY(!next->isEnabled());
        find<QLineEdit>(wizard, "apiKeyEdit")->clear();
        QVERIFY(next->isEnabled());
        QTest::keyClicks(find<QLineEdit>(wizard, "apiKeyEdit"), secretKey);
        QCOMPARE(find<QLineEdit>(wizard, "apiKeyEdit")->echoMode(), QLineEdit::Password);
        click(find<QAbstractButton>(wizard, "detectButton"));
        QTRY_VERIFY_WITH_TIMEOUT(wizard.serverFacts().has_value(), 30'000);
        click(next);

        // 2. Hardware: the GPU the simulator named is chosen already. Without one, Next is refused with a message;
        // the search finds one.
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::HardwarePageId));
        QCOMPARE(find<QListWidget>(wizard, "gpuList")->selectedItems().size(), 1);
        find<QListWidget>(wizard, "gpuList")->clearSelection();
        click(next);
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::HardwarePageId));
        auto* gpuMessage = find<QLabel>(wizard, "gpuMessage");
        QVERIFY(showsMessage(gpuMessage));
        screenshot(wizard, QStringLiteral("2-hardware-empty"));
        auto* filter = find<QLineEdit>(wizard, "gpuFilter");
        QTest::keyClicks(filter, QStringLiteral("no such gpu"));
        QVERIFY(showsMessage(gpuMessage));
        replaceText(filter, QStringLiteral("h100"));
        QTest::keyClick(filter, Qt::Key_Return);
        QVERIFY(!showsMessage(gpuMessage));
        auto* gpuList = find<QListWidget>(wizard, "gpuList");
        QCOMPARE(gpuList->selectedItems().size(), 1);
        const QString gpuId = gpuList->selectedItems().first()->data(Qt::UserRole).toString();
        QVERIFY2(gpuId.startsWith(QStringLiteral("h100")), qPrintable(gpuId));
        replaceText(find<QSpinBox>(wizard, "gpuCountSpin"), QStringLiteral("2"));
        // A DCGM exporter's address is checked before Next, beside its field.
        auto* dcgm = find<QLineEdit>(wizard, "dcgmUrlEdit");
        QTest::keyClicks(dcgm, QStringLiteral("ftp://gpu-box/metrics"));
        click(next);
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::HardwarePageId));
        QVERIFY(showsMessage(find<QLabel>(wizard, "dcgmMessage")));
        replaceText(dcgm, QStringLiteral("http://admin:secret@gpu-box:9400/metrics"));
        click(next);
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::HardwarePageId));
        QVERIFY(showsMessage(find<QLabel>(wizard, "dcgmMessage")));
        replaceText(dcgm, QStringLiteral("http://gpu-box:9400/metrics"));
        QVERIFY(!showsMessage(find<QLabel>(wizard, "dcgmMessage")));
        screenshot(wizard, QStringLiteral("2-hardware"));
        click(next);

        // 3. Traffic: a nonsense size and a missing data set are both caught before Next.
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::TrafficPageId));
        auto* product = find<QComboBox>(wizard, "productCombo");
        product->setFocus();
        QTest::keyClick(product, Qt::Key_Down); // chat → rag
        QCOMPARE(product->currentData().toString(), QStringLiteral("rag"));
        auto* custom = find<QLineEdit>(wizard, "customSizesEdit");
        QTest::keyClicks(custom, QStringLiteral("12/abc"));
        auto* sizesMessage = find<QLabel>(wizard, "sizesMessage");
        QVERIFY(showsMessage(sizesMessage));
        QVERIFY(sizesMessage->text().contains(QStringLiteral("12/abc")));
        click(next);
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::TrafficPageId));
        screenshot(wizard, QStringLiteral("3-traffic-bad-size"));
        replaceText(custom, QStringLiteral("2000/300"));
        QVERIFY(!showsMessage(sizesMessage));
        // A mix of models and adapters (--models): a weight of 0 is caught before Next, a good mix goes to the run.
        auto* models = find<QLineEdit>(wizard, "modelsEdit");
        QTest::keyClicks(models, QStringLiteral("base:70, sql-lora:0"));
        click(next);
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::TrafficPageId));
        auto* modelsMessage = find<QLabel>(wizard, "modelsMessage");
        QVERIFY(showsMessage(modelsMessage));
        QVERIFY2(modelsMessage->text().contains(QStringLiteral("The weight of \"sql-lora\" must be a number above 0.")),
            qPrintable(modelsMessage->text()));
        screenshot(wizard, QStringLiteral("3-traffic-bad-models"));
        replaceText(models, QStringLiteral("base:70, sql-lora:30"));
        QCOMPARE(wizard.options().models.toString(), QStringLiteral("base:70,sql-lora:30"));
        replaceText(models, QString());
        QVERIFY(wizard.options().models.empty());
        // A shared system prompt: what fits the shortest prompt beside each request's own part, and no more.
        auto* shared = find<QSpinBox>(wizard, "sharedPrefixSpin");
        replaceText(shared, QStringLiteral("5000"));
        QVERIFY(showsMessage(sizesMessage));
        QVERIFY2(sizesMessage->text().contains(QStringLiteral("shared prefix of 5000 tokens")),
            qPrintable(sizesMessage->text()));
        click(next);
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::TrafficPageId));
        replaceText(shared, QStringLiteral("512"));
        QVERIFY(!showsMessage(sizesMessage));
        QCOMPARE(wizard.options().sharedPrefixTokens, 512);
        // Agents: sub-calls go between turns, so the spin waits for two turns or more.
        auto* turns = find<QSpinBox>(wizard, "turnsSpin");
        auto* fanOut = find<QSpinBox>(wizard, "fanOutSpin");
        QVERIFY(!fanOut->isEnabled());
        replaceText(turns, QStringLiteral("3"));
        QVERIFY(fanOut->isEnabled());
        replaceText(fanOut, QStringLiteral("4"));
        QCOMPARE(wizard.options().turns, 3);
        QCOMPARE(wizard.options().fanOut, 4);
        screenshot(wizard, QStringLiteral("3-traffic-agents"));
        replaceText(turns, QStringLiteral("1"));
        QVERIFY(!fanOut->isEnabled());
        QCOMPARE(wizard.options().fanOut, 0);

        click(find<QRadioButton>(wizard, "datasetRadio"));
        auto* dataset = find<QLineEdit>(wizard, "datasetEdit");
        QTest::keyClicks(dataset, tmp.filePath(QStringLiteral("missing.jsonl")));
        auto* datasetMessage = find<QLabel>(wizard, "datasetMessage");
        QVERIFY(showsMessage(datasetMessage));
        click(next);
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::TrafficPageId));
        screenshot(wizard, QStringLiteral("3-traffic-missing-dataset"));
        QFile jsonl(tmp.filePath(QStringLiteral("prompts.jsonl")));
        QVERIFY(jsonl.open(QIODevice::WriteOnly));
        jsonl.write("{\"prompt\": \"Why is the sky blue?\", \"max_tokens\": 64}\n");
        jsonl.close();
        replaceText(dataset, jsonl.fileName());
        QVERIFY(!showsMessage(datasetMessage));
        QCOMPARE(wizard.datasetPath(), jsonl.fileName());
        QCOMPARE(wizard.options().dataset, jsonl.fileName());
        QCOMPARE(wizard.options().sharedPrefixTokens, 0); // a data set is sent as written
        click(find<QRadioButton>(wizard, "sizesRadio"));
        QCOMPARE(wizard.options().sharedPrefixTokens, 512);
        replaceText(shared, QStringLiteral("0"));
        QVERIFY(wizard.datasetPath().isEmpty());
        QVERIFY(wizard.options().dataset.isEmpty());
        click(next);

        // 4. Targets: the product's defaults, which follow a change of product except where the user edited them.
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::TargetsPageId));
        auto* ttft = find<QDoubleSpinBox>(wizard, "ttftSpin");
        auto* tpot = find<QDoubleSpinBox>(wizard, "tpotSpin");
        QCOMPARE(ttft->value(), 1000.0); // rag
        QCOMPARE(tpot->value(), 50.0);
        replaceText(ttft, QStringLiteral("800"));
        QCOMPARE(ttft->value(), 800.0);
        // A time the field cannot take is refused in words beside it, and the target it had stays.
        auto* ttftMessage = find<QLabel>(wizard, "ttftMessage");
        QVERIFY(ttftMessage->text().isEmpty());
        replaceText(ttft, QStringLiteral("0"));
        ttft->interpretText(); // as when editing ends (focus leaves): the field cannot take it
        QCOMPARE(ttft->value(), 800.0);
        QVERIFY2(ttftMessage->text().startsWith(QStringLiteral("“0” is not a time from 1 to")),
            qPrintable(ttftMessage->text()));
        QVERIFY(ttftMessage->text().endsWith(QStringLiteral("the target stays at 800 ms.")));
        replaceText(ttft, QStringLiteral("700"));
        QCOMPARE(ttft->value(), 700.0);
        QVERIFY(ttftMessage->text().isEmpty());
        replaceText(ttft, QStringLiteral("800"));
        click(back);
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::TrafficPageId));
        QCOMPARE(custom->text(), QStringLiteral("2000/300")); // Back keeps what was typed
        product->setFocus();
        QTest::keyClick(product, Qt::Key_Down); // rag → reasoning
        QCOMPARE(product->currentData().toString(), QStringLiteral("reasoning"));
        click(next);
        QCOMPARE(ttft->value(), 800.0);
        QCOMPARE(tpot->value(), 30.0);
        auto* percentile = find<QComboBox>(wizard, "percentileCombo");
        percentile->setCurrentIndex(percentile->findData(95.0));
        click(find<QCheckBox>(wizard, "e2elCheck"));
        auto* e2el = find<QDoubleSpinBox>(wizard, "e2elSpin");
        replaceText(e2el, QStringLiteral("500"));
        auto* e2elMessage = find<QLabel>(wizard, "e2elMessage");
        QVERIFY(showsMessage(e2elMessage));
        click(next);
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::TargetsPageId));
        screenshot(wizard, QStringLiteral("4-targets-bad-e2el"));
        replaceText(e2el, QStringLiteral("200000"));
        QVERIFY(!showsMessage(e2elMessage));
        // A reasoning model's target on its first answer token: never under the first token's.
        auto* ttfo = find<QDoubleSpinBox>(wizard, "ttfoSpin");
        QVERIFY(!ttfo->isEnabled());
        click(find<QCheckBox>(wizard, "ttfoCheck"));
        QVERIFY(ttfo->isEnabled());
        replaceText(ttfo, QStringLiteral("500"));
        auto* ttfoMessage = find<QLabel>(wizard, "ttfoMessage");
        QVERIFY(showsMessage(ttfoMessage));
        QVERIFY2(ttfoMessage->text().contains(QStringLiteral("at least the TTFT target (800 ms)")),
            qPrintable(ttfoMessage->text()));
        replaceText(ttfo, QStringLiteral("20000"));
        QVERIFY(!showsMessage(ttfoMessage));
        screenshot(wizard, QStringLiteral("4-targets"));
        click(next);

        // 5. Plan: the levels, and an estimate that says it is one.
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::PlanPageId));
        auto* levels = find<QLineEdit>(wizard, "concurrencyEdit");
        replaceText(levels, QStringLiteral("1, 2, x"));
        QVERIFY(showsMessage(find<QLabel>(wizard, "concurrencyMessage")));
        screenshot(wizard, QStringLiteral("5-plan-bad-levels"));
        replaceText(levels, QStringLiteral("8,1,2,4"));
        QVERIFY(!showsMessage(find<QLabel>(wizard, "concurrencyMessage")));
        auto* estimate = find<QLabel>(wizard, "estimateLabel");
        QVERIFY2(estimate->text().contains(QStringLiteral("estimate")), qPrintable(estimate->text()));
        QVERIFY2(estimate->text().contains(QStringLiteral("simulated")), qPrintable(estimate->text()));
        // How users behave: a pause between requests, and the ramp left at its measured default.
        auto* think = find<QSpinBox>(wizard, "thinkTimeSpin");
        replaceText(think, QStringLiteral("1500"));
        QCOMPARE(find<QSpinBox>(wizard, "rampSpin")->value(), -1);
        // The rate sweep's own fields wait for the rate sweep.
        auto* arrivals = find<QComboBox>(wizard, "arrivalsCombo");
        auto* cap = find<QSpinBox>(wizard, "maxInFlightSpin");
        QVERIFY(!arrivals->isEnabled());
        QVERIFY(!cap->isEnabled());
        click(find<QCheckBox>(wizard, "rateCheck"));
        QVERIFY(arrivals->isEnabled());
        QVERIFY(cap->isEnabled());
        replaceText(find<QLineEdit>(wizard, "ratesEdit"), QStringLiteral("2, 4"));
        arrivals->setCurrentIndex(1);
        replaceText(cap, QStringLiteral("12"));
        // A quick look shortens the estimate and leaves the count to itself.
        const QString fullEstimate = estimate->text();
        auto* quick = find<QCheckBox>(wizard, "quickCheck");
        click(quick);
        QVERIFY(!find<QSpinBox>(wizard, "requestsSpin")->isEnabled());
        QVERIFY2(estimate->text() != fullEstimate, qPrintable(estimate->text()));
        screenshot(wizard, QStringLiteral("5-plan"));

        // Back to the start and forward again: every page keeps what was entered.
        for (int i = 0; i < 4; ++i)
            click(back);
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::ServerPageId));
        QCOMPARE(url->text(), m_sim.baseUrl());
        for (int i = 0; i < 4; ++i)
            click(next);
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::PlanPageId));
        QCOMPARE(levels->text(), QStringLiteral("8,1,2,4"));
        click(wizard.button(QWizard::FinishButton));
        QCOMPARE(wizard.result(), int(QDialog::Accepted));

        const kp::core::RunOptions o = wizard.options();
        QCOMPARE(o.url, QUrl(m_sim.baseUrl()));
        QCOMPARE(o.gpu, gpuId);
        QCOMPARE(wizard.gpuCount(), 2);
        QCOMPARE(wizard.options().gpuCount, 2);
        QCOMPARE(wizard.options().dcgmUrl, QStringLiteral("http://gpu-box:9400/metrics"));
        QCOMPARE(o.product, QStringLiteral("reasoning"));
        QCOMPARE(o.shapes.size(), 2);
        QCOMPARE(o.shapes[0].input, 512); // the reasoning default, swept
        QCOMPARE(o.shapes[0].output, 4096);
        QCOMPARE(o.shapes[1].input, 2000);
        QCOMPARE(o.shapes[1].output, 300);
        QCOMPARE(o.slo.ttftMs, std::optional<double>(800));
        QCOMPARE(o.slo.tpotMs, std::optional<double>(30));
        QCOMPARE(o.slo.e2elMs, std::optional<double>(200000));
        QCOMPARE(o.slo.ttfoMs, std::optional<double>(20000));
        QCOMPARE(o.percentile, 95.0);
        QCOMPARE(o.concurrency, (QList<int> {1, 2, 4, 8}));
        QCOMPARE(o.rates, (QList<double> {2, 4}));
        QVERIFY(o.constantArrivals);
        QCOMPARE(o.maxInFlight, 12);
        QCOMPARE(o.thinkTimeMs, 1500.0);
        QCOMPARE(o.rampMs, -1.0);
        QCOMPARE(o.requestsPerStep, 0);
        QVERIFY(o.quick);

        // The key is in memory, and only there.
        QCOMPARE(wizard.apiKey(), secretKey.toUtf8());
        QVERIFY(!QJsonDocument(o.toJson()).toJson().contains(secretKey.toUtf8()));
        wizardOwner.reset();
        QSettings settings;
        settings.sync();
        for (const QString& key : settings.allKeys())
            QVERIFY(!settings.value(key).toString().contains(secretKey));
        QFile file(settings.fileName());
        if (file.open(QIODevice::ReadOnly))
            QVERIFY(!file.readAll().contains(secretKey.toUtf8()));
    }

    void prefillsFromOptions()
    {
        kp::core::RunOptions given;
        given.url = QUrl(QStringLiteral("http://127.0.0.1:8000"));
        given.gpu = QStringLiteral("h100-sxm");
        given.product = QStringLiteral("batch");
        given.shapes = {{1024, 256}, {3000, 100}};
        given.slo.ttftMs = 2000;
        given.percentile = 99.9;
        given.concurrency = {4, 16};
        given.rates = {0.5, 2};
        given.requestsPerStep = 100;
        given.constantArrivals = true;
        given.maxInFlight = 7;
        given.thinkTimeMs = 250;
        given.rampMs = 0;
        given.lengthSpread = 0.3;
        given.turns = 4;
        given.fanOut = 3;
        given.capacityPrecision = 0.05; // "Pin capacity down to within ±5%"
        given.serverWaitSeconds = 0; // "no wait: stop the run"
        given.dcgmUrl = QStringLiteral("http://gpu-box:9400/metrics");
        ConnectionWizard wizard;
        wizard.setOptions(given);
        const kp::core::RunOptions o = wizard.options();
        QCOMPARE(o.capacityPrecision, 0.05);
        QCOMPARE(o.url, given.url);
        QCOMPARE(o.gpu, given.gpu);
        QCOMPARE(o.product, given.product);
        QCOMPARE(o.shapes.size(), 2);
        QCOMPARE(o.shapes[1].input, 3000);
        QCOMPARE(o.slo.ttftMs, std::optional<double>(2000));
        QCOMPARE(o.slo.tpotMs, std::optional<double>(500)); // batch's default
        QCOMPARE(o.percentile, 99.9);
        QCOMPARE(o.concurrency, given.concurrency);
        QCOMPARE(o.rates, given.rates);
        QCOMPARE(o.requestsPerStep, 100);
        QVERIFY(o.constantArrivals);
        QCOMPARE(o.maxInFlight, 7);
        QCOMPARE(o.thinkTimeMs, 250.0);
        QCOMPARE(o.rampMs, 0.0);
        QCOMPARE(o.lengthSpread, 0.3);
        QCOMPARE(o.turns, 4);
        QCOMPARE(o.fanOut, 3);
        QCOMPARE(o.serverWaitSeconds, 0);
        QCOMPARE(o.dcgmUrl, given.dcgmUrl);
        // The wizard's default is the command line's.
        QCOMPARE(ConnectionWizard().options().serverWaitSeconds, kp::core::RunOptions().serverWaitSeconds);
    }

    // A production trace is the run's load: the page reads it, says what it holds in its window, and the plan's
    // concurrency sweep may then be left out; the options carry the trace and the window the run replays.
    void aTraceIsTheLoad()
    {
        QTemporaryDir tmp;
        QFile trace(tmp.filePath(QStringLiteral("mooncake.jsonl")));
        QVERIFY(trace.open(QIODevice::WriteOnly));
        for (int i = 0; i < 20; ++i)
            trace.write(QStringLiteral("{\"timestamp\": %1, \"input_length\": %2, \"output_length\": 40, "
                                       "\"hash_ids\": [1, %3]}\n")
                            .arg(500 * i)
                            .arg(i % 2 == 0 ? 600 : 900)
                            .arg(100 + i)
                            .toUtf8());
        trace.close();
        ConnectionWizard wizard;
        wizard.resize(900, 760);
        wizard.setStartId(ConnectionWizard::TrafficPageId);
        wizard.restart();
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        click(find<QRadioButton>(wizard, "traceRadio"));
        auto* message = find<QLabel>(wizard, "traceMessage");
        QVERIFY2(showsMessage(message) && message->text() == QStringLiteral("Choose the trace to replay."),
            qPrintable(message->text()));
        QVERIFY(!wizard.options().traceWindow);
        // Not a trace: the page says which formats it reads.
        QFile other(tmp.filePath(QStringLiteral("other.csv")));
        QVERIFY(other.open(QIODevice::WriteOnly));
        other.write("time,prompt\n1,2\n");
        other.close();
        auto* edit = find<QLineEdit>(wizard, "traceEdit");
        replaceText(edit, other.fileName());
        QVERIFY2(
            message->text().contains(QStringLiteral("is not a trace Kneepoint reads")), qPrintable(message->text()));
        click(wizard.button(QWizard::NextButton));
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::TrafficPageId));

        // From 2 s of the trace, twice as fast: 16 requests, 250 ms apart as replayed.
        replaceText(edit, trace.fileName());
        replaceText(find<QSpinBox>(wizard, "traceStartSpin"), QStringLiteral("2"));
        replaceText(find<QDoubleSpinBox>(wizard, "traceSpeedSpin"), QStringLiteral("2"));
        QVERIFY(!showsMessage(message));
        auto* summary = find<QLabel>(wizard, "traceSummary");
        QVERIFY2(summary->text().startsWith(QStringLiteral("Mooncake JSONL: 16 requests over 3.8 s as replayed, 4 "
                                                           "requests per second on average")),
            qPrintable(summary->text()));
        screenshot(wizard, QStringLiteral("3-traffic-trace"));
        kp::core::RunOptions o = wizard.options();
        QCOMPARE(o.trace, trace.fileName());
        QCOMPARE(o.traceSpeed, 2.0);
        QCOMPARE(o.traceStartSeconds, 2.0);
        QVERIFY(o.traceWindow);
        QCOMPARE(int(o.traceWindow->requests.size()), 16);
        QVERIFY(o.shapes.isEmpty());
        // The trace is the load: no concurrency sweep unless asked for, and the plan says what it replays.
        QVERIFY(o.concurrency.isEmpty());
        auto* levels = find<QLineEdit>(wizard, "concurrencyEdit");
        QVERIFY(levels->text().isEmpty());
        QVERIFY(levels->placeholderText().startsWith(QStringLiteral("None: the trace is the load")));
        click(wizard.button(QWizard::NextButton));
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::TargetsPageId));
        click(wizard.button(QWizard::NextButton));
        QCOMPARE(wizard.currentId(), int(ConnectionWizard::PlanPageId));
        QVERIFY(!showsMessage(find<QLabel>(wizard, "concurrencyMessage")));
        const kp::core::RunPlan plan = kp::core::RunPlan::of(wizard.options());
        QCOMPARE(int(plan.steps.size()), 2);
        QVERIFY(plan.steps[1].load.contains(u"trace"));
        screenshot(wizard, QStringLiteral("5-plan-trace"));
        // Back to synthetic sizes: the sweep comes back.
        click(wizard.button(QWizard::BackButton));
        click(wizard.button(QWizard::BackButton));
        click(find<QRadioButton>(wizard, "sizesRadio"));
        o = wizard.options();
        QVERIFY(o.trace.isEmpty() && !o.traceWindow);
        QCOMPARE(o.concurrency, kp::core::RunOptions::defaultConcurrency());

        // A stored trace run, prefilled: the trace is chosen again, with its window.
        kp::core::RunOptions given;
        given.trace = trace.fileName();
        given.traceSpeed = 4;
        given.traceDurationSeconds = 5;
        given.concurrency = {};
        ConnectionWizard again;
        again.setOptions(given);
        o = again.options();
        QCOMPARE(o.trace, trace.fileName());
        QCOMPARE(o.traceSpeed, 4.0);
        QCOMPARE(o.traceDurationSeconds, 5.0);
        QVERIFY(o.traceWindow);
        QCOMPARE(int(o.traceWindow->requests.size()), 10);
        QVERIFY(o.concurrency.isEmpty());
    }

    void apiKeyComesFromTheEnvironment()
    {
        qputenv("KNEEPOINT_API_KEY", "from-the-environment");
        ConnectionWizard wizard;
        qunsetenv("KNEEPOINT_API_KEY");
        QCOMPARE(wizard.apiKey(), QByteArray("from-the-environment"));
        QVERIFY(!wizard.options().toJson().contains(QStringLiteral("api_key")));
    }

    void closingWhileDetectingIsSafe()
    {
        QPointer<ConnectionWizard> wizard = new ConnectionWizard;
        wizard->show();
        QVERIFY(QTest::qWaitForWindowExposed(wizard));
        auto* url = find<QLineEdit>(*wizard, "urlEdit");
        QTest::keyClicks(url, m_sim.baseUrl());
        click(find<QAbstractButton>(*wizard, "detectButton"));
        // A changed URL drops the detection in flight and allows a new one at once.
        QTest::keyClick(url, Qt::Key_Backspace);
        QTest::keyClicks(url, m_sim.baseUrl().right(1));
        click(find<QAbstractButton>(*wizard, "detectButton"));
        wizard->reject();
        delete wizard;
        QVERIFY(wizard.isNull());
        QTest::qWait(200); // any result still queued must find nobody
    }

    // A key in the address would be stored with the run and shown in every report: refused next to the field with
    // where a key goes, never repeated, and Next stays off (issue 45).
    void aCredentialInTheAddressIsRefused()
    {
        ConnectionWizard wizard;
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        auto* url = find<QLineEdit>(wizard, "urlEdit");
        auto* message = find<QLabel>(wizard, "urlMessage");
        for (const QString& address :
            {QStringLiteral("http://me:s3cr3t@127.0.0.1:8000"), QStringLiteral("127.0.0.1:8000/v1?api_key=s3cr3t")}) {
            replaceText(url, address);
            QVERIFY(showsMessage(message));
            QVERIFY2(message->text().contains(u"KNEEPOINT_API_KEY"), qPrintable(message->text()));
            QVERIFY(!message->text().contains(u"s3cr3t"));
            QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
        }
    }

    // A private CA is trusted for an https:// server, not for plain http; a file that holds no certificate keeps the
    // wizard from going on, with a sentence that says so; the file chosen reaches the run's options.
    void aPrivateCaIsChosenForHttpsOnly()
    {
        QTemporaryDir dir;
        QString error;
        QVERIFY2(TestCertificates::make(dir.path(), &error), qPrintable(error));
        ConnectionWizard wizard;
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        auto* url = find<QLineEdit>(wizard, "urlEdit");
        auto* ca = find<QLineEdit>(wizard, "caFileEdit");
        auto* message = find<QLabel>(wizard, "urlMessage");
        replaceText(url, QStringLiteral("http://127.0.0.1:8000"));
        QVERIFY(!ca->isEnabled());
        replaceText(url, QStringLiteral("https://127.0.0.1:8443"));
        QVERIFY(ca->isEnabled());
        replaceText(ca, TestCertificates::key(dir.path(), QStringLiteral("ca")));
        QVERIFY(showsMessage(message));
        QVERIFY2(message->text().contains(u"holds no PEM certificate"), qPrintable(message->text()));
        QVERIFY(!wizard.button(QWizard::NextButton)->isEnabled());
        screenshot(wizard, QStringLiteral("1-server-bad-ca-file"));
        const QString certificate = TestCertificates::certificate(dir.path(), QStringLiteral("ca"));
        replaceText(ca, certificate);
        QVERIFY(wizard.button(QWizard::NextButton)->isEnabled());
        QCOMPARE(wizard.options().caFile, certificate);
    }

    void messagesReadOnADarkPalette()
    {
        ConnectionWizard wizard;
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
        dark.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
        dark.setColor(QPalette::ButtonText, QColor(0xee, 0xee, 0xee));
        dark.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
        wizard.setPalette(dark);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        QTest::keyClicks(find<QLineEdit>(wizard, "urlEdit"), QStringLiteral("ftp://127.0.0.1"));
        auto* message = find<QLabel>(wizard, "urlMessage");
        QVERIFY(showsMessage(message));
        // The red that reads on a light window is too dark here: the message picks a lighter one.
        QVERIFY(message->palette().color(QPalette::WindowText).lightnessF() > 0.6);
        screenshot(wizard, QStringLiteral("dark-server-bad-url"));
    }

    // Alt and a letter reaches one control on each page: the page's labels and buttons and the wizard's own buttons
    // (Alt+N is Next, not "Number of GPUs"; Alt+B is Back, not "Browse…").
    void noTwoControlsOfAPageShareAKey_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("English") << QString();
        QTest::newRow("German") << QStringLiteral("de");
    }
    void noTwoControlsOfAPageShareAKey()
    {
        QFETCH(QString, language);
        // The German window has mnemonics of its own; Qt's buttons are German where its translation is installed.
        QTranslator ours;
        QTranslator qt;
        if (!language.isEmpty()) {
            QVERIFY(ours.load(QStringLiteral("kneepoint_") + language, QStringLiteral(KNEEPOINT_TRANSLATIONS_DIR)));
            QCoreApplication::installTranslator(&ours);
            if (qt.load(QStringLiteral("qtbase_") + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
                QCoreApplication::installTranslator(&qt);
        }
        const auto uninstall = qScopeGuard([&] {
            QCoreApplication::removeTranslator(&ours);
            QCoreApplication::removeTranslator(&qt);
        });
        ConnectionWizard wizard;
        const auto key = [](const QString& text) -> QChar {
            for (qsizetype i = 0; i + 1 < text.size(); ++i) {
                if (text[i] != u'&')
                    continue;
                if (text[i + 1] == u'&') {
                    ++i;
                    continue;
                }
                return text[i + 1].toLower();
            }
            return {};
        };
        // The last page ends on the button that starts the run, named for what it does.
        if (language.isEmpty())
            QCOMPARE(wizard.buttonText(QWizard::FinishButton), QStringLiteral("&Start the benchmark"));
        QStringList clashes;
        for (const int id : wizard.pageIds()) {
            QWizardPage* page = wizard.page(id);
            QStringList wizardButtons {
                wizard.buttonText(QWizard::BackButton), wizard.buttonText(QWizard::CancelButton)};
            wizardButtons << (id == wizard.pageIds().last() ? wizard.buttonText(QWizard::FinishButton)
                                                            : wizard.buttonText(QWizard::NextButton));
            QMap<QChar, QStringList> owners;
            for (const QString& text : std::as_const(wizardButtons))
                if (const QChar k = key(text); !k.isNull())
                    owners[k] << text;
            for (QWidget* w : page->findChildren<QWidget*>()) {
                if (!w->isVisibleTo(page))
                    continue;
                QString text;
                if (const auto* label = qobject_cast<QLabel*>(w); label && label->buddy())
                    text = label->text();
                else if (const auto* button = qobject_cast<QAbstractButton*>(w))
                    text = button->text();
                if (const QChar k = key(text); !k.isNull())
                    owners[k] << text;
            }
            for (auto it = owners.cbegin(); it != owners.cend(); ++it)
                if (it.value().size() > 1)
                    clashes << QStringLiteral("page %1, Alt+%2: %3").arg(id).arg(it.key(), it.value().join(u" | "));
        }
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(u"; ")));
    }

private:
    SimProcess m_sim;
};

QTEST_MAIN(TestConnectionWizard)
#include "tst_connectionwizard.moc"
