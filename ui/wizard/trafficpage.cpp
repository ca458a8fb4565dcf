// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/wizard/trafficpage.h"

#include "core/plan/sweepinput.h"
#include "core/plan/trafficprofile.h"
#include "ui/wizard/fieldmessage.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <initializer_list>

namespace kp::ui {

namespace {

constexpr int InputRole = Qt::UserRole;
constexpr int OutputRole = Qt::UserRole + 1;
/// Larger than any context a served model has today; a typo beyond it is caught here rather than by the server.
constexpr int MaxTokens = 10'000'000;
/// A JSONL line longer than this is not read whole just to check the file's format.
constexpr qint64 MaxFirstLine = 16 * 1024 * 1024;

} // namespace

QString TrafficPage::productName(const QString& product)
{
    return core::TrafficProfile::of(product).displayName();
}

namespace {

bool sameShape(const core::Shape& a, const core::Shape& b)
{
    return a.input == b.input && a.output == b.output;
}

} // namespace

TrafficPage::TrafficPage(QWidget* parent)
    : QWizardPage(parent)
{
    setObjectName(QStringLiteral("trafficPage"));
    setTitle(tr("Traffic"));
    setSubTitle(tr("What the requests look like. The product type also sets the default targets on the next page."));

    createWidgets();
    layOut();
    fillPresets();
    updateMode();
    connectSignals();
}

void TrafficPage::createWidgets()
{
    m_product = new QComboBox(this);
    m_product->setObjectName(QStringLiteral("productCombo"));
    m_product->setAccessibleName(tr("Product type"));
    for (const QString& p : core::RunOptions::products())
        m_product->addItem(productName(p), p);
    m_productDescription = new QLabel(this);
    m_productDescription->setObjectName(QStringLiteral("productDescription"));
    m_productDescription->setWordWrap(true);
    m_productDescription->setForegroundRole(QPalette::PlaceholderText);

    m_sizesRadio = new QRadioButton(tr("&Synthetic requests of these sizes"), this);
    m_sizesRadio->setObjectName(QStringLiteral("sizesRadio"));
    m_sizesRadio->setAccessibleName(tr("Synthetic request sizes"));
    m_sizesRadio->setChecked(true);
    m_datasetRadio = new QRadioButton(tr("Requests from a &JSONL data set"), this);
    m_datasetRadio->setObjectName(QStringLiteral("datasetRadio"));
    m_datasetRadio->setAccessibleName(tr("JSONL data set"));
    m_traceRadio = new QRadioButton(tr("Replay a production &trace"), this);
    m_traceRadio->setObjectName(QStringLiteral("traceRadio"));
    m_traceRadio->setAccessibleName(tr("Production trace"));
    auto* mode = new QButtonGroup(this);
    mode->addButton(m_sizesRadio);
    mode->addButton(m_datasetRadio);
    mode->addButton(m_traceRadio);

    m_presets = new QListWidget(this);
    m_presets->setObjectName(QStringLiteral("presetList"));
    m_presets->setAccessibleName(tr("Preset request sizes"));
    m_presets->setMaximumHeight(m_presets->fontMetrics().height() * 6);
    m_custom = new QLineEdit(this);
    m_custom->setObjectName(QStringLiteral("customSizesEdit"));
    m_custom->setAccessibleName(tr("Your own request sizes"));
    m_custom->setPlaceholderText(tr("IN/OUT tokens, comma-separated, such as 2000/300, 8000/500"));
    m_custom->setClearButtonEnabled(true);
    m_sizesMessage = new FieldMessage(m_custom, this);
    m_sizesMessage->setObjectName(QStringLiteral("sizesMessage"));

    // For a shared prefix, conversations or a data set sent more than once: no step is served from what an earlier
    // one left. vLLM serves its reset only in development mode; the report says when it could not be done.
    m_resetCache = new QCheckBox(tr("&Empty the server's prefix cache before each step"), this);
    m_resetCache->setObjectName(QStringLiteral("resetPrefixCacheCheck"));
    m_resetCache->setToolTip(tr("Asks vLLM (POST /reset_prefix_cache, served with VLLM_SERVER_DEV_MODE=1 only), "
                                "llama-server (each slot erased) or SGLang (POST /flush_cache) before each step; "
                                "the report's prefix-cache check says whether it could (--reset-prefix-cache)."));
    m_sharedPrefix = new QSpinBox(this);
    m_sharedPrefix->setObjectName(QStringLiteral("sharedPrefixSpin"));
    m_sharedPrefix->setAccessibleName(tr("Shared prefix in tokens"));
    m_sharedPrefix->setRange(0, 1 << 20);
    m_sharedPrefix->setSingleStep(128);
    m_sharedPrefix->setSuffix(tr(" tokens"));
    m_sharedPrefix->setSpecialValueText(tr("none: every prompt its own"));
    m_sharedPrefix->setToolTip(tr("Every prompt starts with the same tokens, as a shared system prompt does; a "
                                  "server's prefix cache may then skip their prefill."));

    m_lengthSpread = new QSpinBox(this);
    m_lengthSpread->setObjectName(QStringLiteral("lengthSpreadSpin"));
    m_lengthSpread->setAccessibleName(tr("Spread of the request lengths in percent"));
    m_lengthSpread->setRange(0, 99);
    m_lengthSpread->setSingleStep(10);
    m_lengthSpread->setPrefix(tr("within ±"));
    m_lengthSpread->setSuffix(tr("%"));
    m_lengthSpread->setSpecialValueText(tr("none: every request exactly its size"));
    m_lengthSpread->setToolTip(tr("Each prompt's input and output lengths are drawn at random within this share of "
                                  "the size, as real traffic varies; the average stays the size."));

    m_turns = new QSpinBox(this);
    m_turns->setObjectName(QStringLiteral("turnsSpin"));
    m_turns->setAccessibleName(tr("Turns of each conversation"));
    m_turns->setRange(1, 100);
    m_turns->setSuffix(tr(" turns"));
    m_turns->setSpecialValueText(tr("none: every request stands alone"));
    m_turns->setToolTip(tr("Each user holds conversations of this many turns, and every turn resends the history "
                           "before a new question, as chat clients do: a server's prefix cache can then serve the "
                           "history."));
    m_fanOut = new QSpinBox(this);
    m_fanOut->setObjectName(QStringLiteral("fanOutSpin"));
    m_fanOut->setAccessibleName(tr("Sub-calls after each turn"));
    m_fanOut->setRange(0, 64);
    m_fanOut->setPrefix(tr("agents: "));
    m_fanOut->setSuffix(tr(" sub-calls after each turn"));
    m_fanOut->setSpecialValueText(tr("no sub-calls"));
    m_fanOut->setToolTip(tr("Agents: each turn but the last is followed by this many sub-calls (tool calls, "
                            "sub-agents) sent together, each the turn's history and a task of its own; the next turn "
                            "waits for them all and carries their answers. Needs two turns or more."));

    m_dataset = new QLineEdit(this);
    m_dataset->setObjectName(QStringLiteral("datasetEdit"));
    m_dataset->setAccessibleName(tr("JSONL data set file"));
    m_dataset->setPlaceholderText(
        tr("One per line: {\"prompt\": …}, {\"messages\": […]}, {\"conversations\": […]} or {\"agent\": […]}"));
    m_browse = new QPushButton(tr("Bro&wse…"), this);
    m_browse->setObjectName(QStringLiteral("datasetBrowse"));
    m_browse->setAccessibleName(tr("Choose the data set file"));
    m_datasetMessage = new FieldMessage(m_dataset, this);
    m_datasetMessage->setObjectName(QStringLiteral("datasetMessage"));

    // A trace: its arrivals and lengths, replayed as one open-loop step after the baseline (--trace).
    m_trace = new QLineEdit(this);
    m_trace->setObjectName(QStringLiteral("traceEdit"));
    m_trace->setAccessibleName(tr("Trace file"));
    m_trace->setPlaceholderText(tr("Mooncake JSONL, Azure LLM inference CSV or BurstGPT CSV"));
    m_traceBrowse = new QPushButton(tr("Pic&k…"), this);
    m_traceBrowse->setObjectName(QStringLiteral("traceBrowse"));
    m_traceBrowse->setAccessibleName(tr("Choose the trace file"));
    m_traceMessage = new FieldMessage(m_trace, this);
    m_traceMessage->setObjectName(QStringLiteral("traceMessage"));
    m_traceSummary = new QLabel(this);
    m_traceSummary->setObjectName(QStringLiteral("traceSummary"));
    m_traceSummary->setWordWrap(true);
    m_traceSummary->setForegroundRole(QPalette::PlaceholderText);
    m_traceSpeed = new QDoubleSpinBox(this);
    m_traceSpeed->setObjectName(QStringLiteral("traceSpeedSpin"));
    m_traceSpeed->setAccessibleName(tr("Replay speed"));
    m_traceSpeed->setRange(0.01, 1000);
    m_traceSpeed->setDecimals(2);
    m_traceSpeed->setValue(1);
    m_traceSpeed->setSuffix(tr("× as recorded"));
    m_traceSpeed->setToolTip(tr("2 sends the trace twice as fast: every gap between arrivals halved (--trace-speed)."));
    m_traceStart = new QSpinBox(this);
    m_traceStart->setObjectName(QStringLiteral("traceStartSpin"));
    m_traceStart->setAccessibleName(tr("Start of the replay in seconds"));
    m_traceStart->setRange(0, 100'000'000);
    m_traceStart->setSuffix(tr(" s into the trace"));
    m_traceDuration = new QSpinBox(this);
    m_traceDuration->setObjectName(QStringLiteral("traceDurationSpin"));
    m_traceDuration->setAccessibleName(tr("Length of the replay in seconds of the trace"));
    m_traceDuration->setRange(0, 100'000'000);
    m_traceDuration->setSuffix(tr(" s of the trace"));
    m_traceDuration->setSpecialValueText(tr("to its end"));

    m_models = new QLineEdit(this);
    m_models->setObjectName(QStringLiteral("modelsEdit"));
    m_models->setAccessibleName(tr("Models or adapters to send to, with their weights"));
    m_models->setPlaceholderText(tr("the server's model; or NAME:WEIGHT, … such as base:70, sql-lora:30"));
    m_models->setClearButtonEnabled(true);
    m_models->setToolTip(tr("Send to several models or LoRA adapters of the server by weight: each prompt, or "
                            "conversation, goes to one, and the report gives every figure by model (--models)."));
    m_modelsMessage = new FieldMessage(m_models, this);
    m_modelsMessage->setObjectName(QStringLiteral("modelsMessage"));
}

void TrafficPage::layOut()
{
    auto* sizesNote = new QLabel(tr("The first size is swept over the concurrency levels; each further size is "
                                    "measured at one moderate load."),
        this);
    sizesNote->setWordWrap(true);
    sizesNote->setForegroundRole(QPalette::PlaceholderText);
    auto* productLabel = new QLabel(tr("&Product type:"), this);
    productLabel->setBuddy(m_product);
    auto* productColumn = new QVBoxLayout;
    productColumn->setSpacing(2);
    productColumn->addWidget(m_product, 0, Qt::AlignLeft);
    productColumn->addWidget(m_productDescription);
    auto* form = new QFormLayout;
    form->addRow(productLabel, productColumn);
    auto* modelsLabel = new QLabel(tr("&Models:"), this);
    modelsLabel->setBuddy(m_models);
    form->addRow(modelsLabel, FieldMessage::stacked(m_models, m_modelsMessage));

    auto* presetsLabel = new QLabel(tr("P&resets:"), this);
    presetsLabel->setBuddy(m_presets);
    auto* customLabel = new QLabel(tr("Your &own:"), this);
    customLabel->setBuddy(m_custom);
    auto* sizesForm = new QFormLayout;
    sizesForm->setContentsMargins(24, 0, 0, 0);
    sizesForm->addRow(presetsLabel, m_presets);
    auto* customColumn = FieldMessage::stacked(m_custom, m_sizesMessage);
    customColumn->addWidget(sizesNote);
    sizesForm->addRow(customLabel, customColumn);
    auto* sharedLabel = new QLabel(tr("S&hared prefix:"), this);
    sharedLabel->setBuddy(m_sharedPrefix);
    // A number, not a line of text: as wide as its longest words, at the left like the product's box.
    auto* sharedRow = new QHBoxLayout;
    sharedRow->addWidget(m_sharedPrefix);
    sharedRow->addStretch(1);
    sizesForm->addRow(sharedLabel, sharedRow);
    auto* spreadLabel = new QLabel(tr("&Lengths vary:"), this);
    spreadLabel->setBuddy(m_lengthSpread);
    auto* spreadRow = new QHBoxLayout;
    spreadRow->addWidget(m_lengthSpread);
    spreadRow->addStretch(1);
    sizesForm->addRow(spreadLabel, spreadRow);
    auto* turnsLabel = new QLabel(tr("Con&versations:"), this);
    turnsLabel->setBuddy(m_turns);
    auto* turnsRow = new QHBoxLayout;
    turnsRow->addWidget(m_turns);
    turnsRow->addWidget(m_fanOut);
    turnsRow->addStretch(1);
    sizesForm->addRow(turnsLabel, turnsRow);

    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_dataset, 1);
    fileRow->addWidget(m_browse);
    auto* fileColumn = new QVBoxLayout;
    fileColumn->setSpacing(2);
    fileColumn->addLayout(fileRow);
    fileColumn->addWidget(m_datasetMessage);
    auto* fileLabel = new QLabel(tr("&File:"), this);
    fileLabel->setBuddy(m_dataset);
    auto* datasetForm = new QFormLayout;
    datasetForm->setContentsMargins(24, 0, 0, 0);
    datasetForm->addRow(fileLabel, fileColumn);

    auto* traceRow = new QHBoxLayout;
    traceRow->addWidget(m_trace, 1);
    traceRow->addWidget(m_traceBrowse);
    auto* traceColumn = new QVBoxLayout;
    traceColumn->setSpacing(2);
    traceColumn->addLayout(traceRow);
    traceColumn->addWidget(m_traceMessage);
    traceColumn->addWidget(m_traceSummary);
    auto* traceLabel = new QLabel(tr("F&ile:"), this);
    traceLabel->setBuddy(m_trace);
    auto* windowRow = new QHBoxLayout;
    windowRow->addWidget(m_traceStart);
    windowRow->addWidget(m_traceDuration);
    windowRow->addWidget(m_traceSpeed);
    windowRow->addStretch(1);
    auto* windowLabel = new QLabel(tr("Repla&y:"), this);
    windowLabel->setBuddy(m_traceStart);
    auto* traceForm = new QFormLayout;
    traceForm->setContentsMargins(24, 0, 0, 0);
    traceForm->addRow(traceLabel, traceColumn);
    traceForm->addRow(windowLabel, windowRow);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addSpacing(6);
    layout->addWidget(m_sizesRadio);
    layout->addLayout(sizesForm);
    layout->addWidget(m_datasetRadio);
    layout->addLayout(datasetForm);
    layout->addWidget(m_traceRadio);
    layout->addLayout(traceForm);
    layout->addSpacing(6);
    layout->addWidget(m_resetCache);
    layout->addStretch(1);

    // The keyboard goes down the page as it reads, each choice followed by its own fields.
    setTabOrder(m_product, m_models);
    setTabOrder(m_models, m_sizesRadio);
    setTabOrder(m_sizesRadio, m_presets);
    setTabOrder(m_presets, m_custom);
    setTabOrder(m_custom, m_sharedPrefix);
    setTabOrder(m_sharedPrefix, m_lengthSpread);
    setTabOrder(m_lengthSpread, m_turns);
    setTabOrder(m_turns, m_fanOut);
    setTabOrder(m_fanOut, m_datasetRadio);
    setTabOrder(m_datasetRadio, m_dataset);
    setTabOrder(m_dataset, m_browse);
    setTabOrder(m_browse, m_traceRadio);
    setTabOrder(m_traceRadio, m_trace);
    setTabOrder(m_trace, m_traceBrowse);
    setTabOrder(m_traceBrowse, m_traceStart);
    setTabOrder(m_traceStart, m_traceDuration);
    setTabOrder(m_traceDuration, m_traceSpeed);
    setTabOrder(m_traceSpeed, m_resetCache);
}

void TrafficPage::connectSignals()
{
    connect(m_product, &QComboBox::currentIndexChanged, this, [this] {
        fillPresets();
        check();
        Q_EMIT productChanged(product());
        Q_EMIT trafficChanged();
    });
    connect(m_presets, &QListWidget::itemChanged, this, [this] {
        check();
        Q_EMIT trafficChanged();
    });
    connect(m_custom, &QLineEdit::textChanged, this, [this] {
        check();
        Q_EMIT trafficChanged();
    });
    connect(m_sharedPrefix, &QSpinBox::valueChanged, this, [this] {
        check();
        Q_EMIT trafficChanged();
    });
    connect(m_lengthSpread, &QSpinBox::valueChanged, this, &TrafficPage::trafficChanged);
    connect(m_turns, &QSpinBox::valueChanged, this, &TrafficPage::trafficChanged);
    connect(m_turns, &QSpinBox::valueChanged, this, &TrafficPage::updateMode);
    connect(m_fanOut, &QSpinBox::valueChanged, this, &TrafficPage::trafficChanged);
    connect(m_dataset, &QLineEdit::textChanged, this, [this] {
        check();
        Q_EMIT trafficChanged();
    });
    for (QRadioButton* radio : {m_sizesRadio, m_datasetRadio, m_traceRadio}) {
        connect(radio, &QRadioButton::toggled, this, [this](bool on) {
            if (!on)
                return;
            updateMode();
            check();
            Q_EMIT trafficChanged();
        });
    }
    const auto traceChanged = [this] {
        check();
        Q_EMIT trafficChanged();
    };
    connect(m_trace, &QLineEdit::textChanged, this, traceChanged);
    connect(m_traceSpeed, &QDoubleSpinBox::valueChanged, this, traceChanged);
    connect(m_traceStart, &QSpinBox::valueChanged, this, traceChanged);
    connect(m_traceDuration, &QSpinBox::valueChanged, this, traceChanged);
    connect(m_traceBrowse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Choose a trace"), m_trace->text(), tr("Traces (*.jsonl *.csv);;All files (*)"));
        if (!path.isEmpty())
            m_trace->setText(QDir::toNativeSeparators(path));
    });
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Choose a JSONL data set"), m_dataset->text(),
            tr("JSON Lines (*.jsonl *.json *.txt);;All files (*)"));
        if (!path.isEmpty())
            m_dataset->setText(QDir::toNativeSeparators(path));
    });
}

QList<core::Shape> TrafficPage::presets(const QString& product)
{
    const core::TrafficProfile& profile = core::TrafficProfile::of(product);
    return QList<core::Shape> {profile.shape} + profile.otherShapes;
}

QString TrafficPage::product() const
{
    return m_product->currentData().toString();
}

void TrafficPage::setProduct(const QString& product)
{
    const int index = m_product->findData(product);
    if (index >= 0)
        m_product->setCurrentIndex(index);
}

void TrafficPage::fillPresets()
{
    const QSignalBlocker blocker(m_presets);
    m_presets->clear();
    const QLocale locale;
    const QList<core::Shape> list = presets(product());
    for (qsizetype i = 0; i < list.size(); ++i) {
        const core::Shape& s = list[i];
        QString text = tr("%1 in / %2 out").arg(locale.toString(s.input), locale.toString(s.output));
        if (i == 0)
            text = tr("%1 (the %2 default)").arg(text, productName(product()));
        auto* item = new QListWidgetItem(text, m_presets);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(i == 0 ? Qt::Checked : Qt::Unchecked);
        item->setData(InputRole, s.input);
        item->setData(OutputRole, s.output);
    }
    m_productDescription->setText(core::TrafficProfile::of(product()).displayDescription());
}

void TrafficPage::updateMode()
{
    const bool sizes = m_sizesRadio->isChecked();
    m_presets->setEnabled(sizes);
    m_custom->setEnabled(sizes);
    m_sharedPrefix->setEnabled(sizes);
    m_lengthSpread->setEnabled(sizes);
    m_turns->setEnabled(sizes);
    m_fanOut->setEnabled(sizes && m_turns->value() > 1); // sub-calls go between turns
    const bool dataset = m_datasetRadio->isChecked();
    m_dataset->setEnabled(dataset);
    m_browse->setEnabled(dataset);
    const bool trace = m_traceRadio->isChecked();
    for (QWidget* w : std::initializer_list<QWidget*> {
             m_trace, m_traceBrowse, m_traceSpeed, m_traceStart, m_traceDuration, m_traceSummary})
        w->setEnabled(trace);
}

std::optional<QList<core::Shape>> TrafficPage::parseShapes(QString* error) const
{
    QList<core::Shape> list;
    for (int i = 0; i < m_presets->count(); ++i) {
        const QListWidgetItem* item = m_presets->item(i);
        if (item->checkState() == Qt::Checked)
            list.append({item->data(InputRole).toInt(), item->data(OutputRole).toInt()});
    }
    QString bad;
    const std::optional<QList<core::Shape>> custom = core::SweepInput::shapes(m_custom->text(), MaxTokens, &bad);
    if (!custom) {
        *error = tr("“%1” is not a request size: write IN/OUT token counts above zero, such as 2000/300.").arg(bad);
        return std::nullopt;
    }
    for (const core::Shape& shape : *custom)
        if (std::none_of(list.begin(), list.end(), [&shape](const core::Shape& s) { return sameShape(s, shape); }))
            list.append(shape);
    if (list.isEmpty()) {
        *error = tr("Choose a preset or write a size of your own, such as 2000/300.");
        return std::nullopt;
    }
    if (const std::optional<QString> tooShort = core::SweepInput::promptTooShort(list, m_sharedPrefix->value())) {
        *error = *tooShort;
        return std::nullopt;
    }
    if (m_contextLength) {
        for (const core::Shape& s : std::as_const(list)) {
            if (s.input + s.output > *m_contextLength) {
                const QLocale locale;
                *error
                    = tr("%1 in + %2 out is more than the server's context of %3 tokens: it would reject these "
                         "requests.")
                          .arg(locale.toString(s.input), locale.toString(s.output), locale.toString(*m_contextLength));
                return std::nullopt;
            }
        }
    }
    return list;
}

QString TrafficPage::checkDataset() const
{
    const QString path = m_dataset->text().trimmed();
    if (path.isEmpty())
        return tr("Choose the JSONL file to replay.");
    const QFileInfo info(path);
    if (!info.exists())
        return tr("There is no file %1.").arg(QDir::toNativeSeparators(path));
    if (info.isDir())
        return tr("%1 is a folder; choose a JSONL file in it.").arg(QDir::toNativeSeparators(path));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return tr("%1 cannot be read: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    // Only the first request is looked at: enough to catch the wrong file, and quick for a large data set. The run
    // reads the rest and names any bad line.
    while (!file.atEnd()) {
        const QByteArray line = file.readLine(MaxFirstLine).trimmed();
        if (line.isEmpty())
            continue;
        const QJsonObject first = QJsonDocument::fromJson(line).object();
        if (!first.contains(u"prompt") && !first.contains(u"messages"))
            return tr("The first line of %1 is not a request: each line should be a JSON object with \"prompt\" or "
                      "\"messages\".")
                .arg(info.fileName());
        return {};
    }
    return tr("%1 is empty.").arg(info.fileName());
}

bool TrafficPage::check()
{
    QString modelsError;
    if (!m_models->text().trimmed().isEmpty())
        core::ModelMix::parse(m_models->text(), &modelsError);
    m_modelsMessage->showMessage(modelsError);
    if (!modelsError.isEmpty())
        return false;
    if (m_sizesRadio->isChecked()) {
        m_datasetMessage->clearMessage();
        QString error;
        // The shared part, each request's own block of words and BOS have to fit the shortest prompt (parseShapes).
        parseShapes(&error);
        m_sizesMessage->showMessage(error);
        return error.isEmpty();
    }
    m_sizesMessage->clearMessage();
    if (m_traceRadio->isChecked()) {
        m_datasetMessage->clearMessage();
        const QString error = checkTrace();
        m_traceMessage->showMessage(error);
        return error.isEmpty();
    }
    m_traceMessage->clearMessage();
    m_traceSummary->clear();
    const QString error = checkDataset();
    m_datasetMessage->showMessage(error);
    return error.isEmpty();
}

QString TrafficPage::checkTrace()
{
    m_traceWindow.reset();
    m_traceSummary->clear();
    const QString path = m_trace->text().trimmed();
    if (path.isEmpty())
        return tr("Choose the trace to replay.");
    const QFileInfo info(path);
    if (!info.exists())
        return tr("There is no file %1.").arg(QDir::toNativeSeparators(path));
    if (info.isDir())
        return tr("%1 is a folder; choose a trace file in it.").arg(QDir::toNativeSeparators(path));
    // Read again only when the file is another or has changed: the window's fields cut the same trace.
    const QString key = QStringLiteral("%1|%2|%3")
                            .arg(info.absoluteFilePath())
                            .arg(info.size())
                            .arg(info.lastModified().toMSecsSinceEpoch());
    if (key != m_traceReadKey) {
        m_traceReadKey = key;
        QString error;
        m_traceRead = core::Trace::read(path, &error);
        if (!m_traceRead)
            m_traceReadError = error;
    }
    if (!m_traceRead)
        return m_traceReadError;
    auto window
        = std::make_shared<core::Trace>(m_traceRead->window(traceStartSeconds(), traceDurationSeconds(), traceSpeed()));
    const QLocale locale;
    if (window->requests.empty())
        return tr("The trace has no request in this window: it spans %1 s.")
            .arg(locale.toString(m_traceRead->spanSeconds(), 'f', 1));
    if (m_contextLength) {
        for (const core::TraceRequest& q : window->requests)
            if (q.inputTokens + q.outputTokens > *m_contextLength)
                return tr("A request of this window, %1 s into the replay, needs %2 tokens of context; the server "
                          "allows %3.")
                    .arg(locale.toString(q.atSeconds, 'f', 1), locale.toString(q.inputTokens + q.outputTokens),
                        locale.toString(*m_contextLength));
    }
    qint64 input = 0;
    qint64 output = 0;
    for (const core::TraceRequest& q : window->requests) {
        input += q.inputTokens;
        output += q.outputTokens;
    }
    const auto n = qint64(window->requests.size());
    m_traceSummary->setText(
        tr("%1: %2 requests over %3 s as replayed, %4 requests per second on average; %5 tokens "
           "in and %6 out on average.")
            .arg(window->formatName(), locale.toString(n), locale.toString(window->spanSeconds(), 'f', 1),
                locale.toString(window->meanRate(), 'g', 3), locale.toString(input / n), locale.toString(output / n)));
    m_traceWindow = std::move(window);
    return {};
}

QList<core::Shape> TrafficPage::shapes() const
{
    if (!m_sizesRadio->isChecked())
        return {};
    QString error;
    return parseShapes(&error).value_or(QList<core::Shape>());
}

void TrafficPage::setShapes(const QList<core::Shape>& shapes)
{
    QStringList custom;
    for (int i = 0; i < m_presets->count(); ++i)
        m_presets->item(i)->setCheckState(Qt::Unchecked);
    for (const core::Shape& s : shapes) {
        bool preset = false;
        for (int i = 0; i < m_presets->count(); ++i) {
            QListWidgetItem* item = m_presets->item(i);
            if (item->data(InputRole).toInt() == s.input && item->data(OutputRole).toInt() == s.output) {
                item->setCheckState(Qt::Checked);
                preset = true;
            }
        }
        if (!preset)
            custom << QStringLiteral("%1/%2").arg(s.input).arg(s.output);
    }
    if (shapes.isEmpty() && m_presets->count() > 0)
        m_presets->item(0)->setCheckState(Qt::Checked);
    m_custom->setText(custom.join(QStringLiteral(", ")));
    m_sizesRadio->setChecked(true);
}

int TrafficPage::sharedPrefixTokens() const
{
    return m_sizesRadio->isChecked() ? m_sharedPrefix->value() : 0;
}

void TrafficPage::setSharedPrefixTokens(int tokens)
{
    m_sharedPrefix->setValue(tokens);
}

bool TrafficPage::resetPrefixCache() const
{
    return m_resetCache->isChecked();
}

void TrafficPage::setResetPrefixCache(bool reset)
{
    m_resetCache->setChecked(reset);
}

double TrafficPage::lengthSpread() const
{
    return m_sizesRadio->isChecked() ? m_lengthSpread->value() / 100.0 : 0;
}

void TrafficPage::setLengthSpread(double spread)
{
    m_lengthSpread->setValue(int(std::lround(spread * 100)));
}

core::ModelMix TrafficPage::models() const
{
    if (m_models->text().trimmed().isEmpty())
        return {};
    return core::ModelMix::parse(m_models->text(), nullptr).value_or(core::ModelMix {});
}

void TrafficPage::setModels(const core::ModelMix& models)
{
    m_models->setText(models.toString());
}

int TrafficPage::turns() const
{
    return m_sizesRadio->isChecked() ? m_turns->value() : 1;
}

void TrafficPage::setTurns(int turns)
{
    m_turns->setValue(turns);
}

int TrafficPage::fanOut() const
{
    return m_sizesRadio->isChecked() && m_turns->value() > 1 ? m_fanOut->value() : 0;
}

void TrafficPage::setFanOut(int fanOut)
{
    m_fanOut->setValue(fanOut);
}

QString TrafficPage::tracePath() const
{
    return m_traceRadio->isChecked() ? m_trace->text().trimmed() : QString();
}

double TrafficPage::traceSpeed() const
{
    return m_traceSpeed->value();
}

double TrafficPage::traceStartSeconds() const
{
    return m_traceStart->value();
}

double TrafficPage::traceDurationSeconds() const
{
    return m_traceDuration->value();
}

std::shared_ptr<const core::Trace> TrafficPage::traceWindow() const
{
    return m_traceRadio->isChecked() ? m_traceWindow : nullptr;
}

void TrafficPage::setTrace(const QString& path, double speed, double startSeconds, double durationSeconds)
{
    m_traceSpeed->setValue(speed);
    m_traceStart->setValue(int(std::lround(startSeconds)));
    m_traceDuration->setValue(int(std::lround(durationSeconds)));
    m_trace->setText(path);
    if (!path.isEmpty())
        m_traceRadio->setChecked(true);
}

QString TrafficPage::datasetPath() const
{
    return m_datasetRadio->isChecked() ? m_dataset->text().trimmed() : QString();
}

void TrafficPage::setDatasetPath(const QString& path)
{
    m_dataset->setText(path);
    if (!path.isEmpty())
        m_datasetRadio->setChecked(true);
}

void TrafficPage::setContextLength(std::optional<int> tokens)
{
    m_contextLength = tokens;
    check();
}

bool TrafficPage::validatePage()
{
    if (check())
        return true;
    if (!m_modelsMessage->text().isEmpty())
        m_models->setFocus();
    else if (m_sizesRadio->isChecked())
        m_custom->setFocus();
    else if (m_traceRadio->isChecked())
        m_trace->setFocus();
    else
        m_dataset->setFocus();
    return false;
}

} // namespace kp::ui
