// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/predict/predictdialog.h"

#include "ui/predict/predictworker.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace kp::ui {

using namespace kp::core;

PredictDialog::PredictDialog(
    const QString& databasePath, const QList<RunSummary>& runs, qint64 currentRun, QWidget* parent)
    : QDialog(parent)
    , m_worker(new PredictWorker(databasePath))
    , m_run(new QComboBox(this))
    , m_maxNumSeqs(new QSpinBox(this))
    , m_batchedTokens(new QSpinBox(this))
    , m_kvBlocks(new QSpinBox(this))
    , m_go(new QPushButton(tr("&Predict"), this))
    , m_status(new QLabel(this))
    , m_result(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("predictDialog"));
    setWindowTitle(tr("Predict a server setting"));
    m_thread.setObjectName(QStringLiteral("kneepoint-predict"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &PredictDialog::predictRequested, m_worker, &PredictWorker::predict);
    const auto done = [this] {
        m_busy = false;
        m_go->setEnabled(true);
        QApplication::restoreOverrideCursor();
    };
    connect(m_worker, &PredictWorker::ready, this,
        [this, done](quint64 generation, const QString& text, const QJsonObject& json) {
            if (generation != m_generation)
                return;
            done();
            m_json = json;
            m_status->setText(tr("Predicted from run %1's twin; read each figure with the twin's error, stated in "
                                 "the first lines.")
                                  .arg(json.value(u"run_id").toInteger()));
            m_result->setPlainText(text);
        });
    connect(m_worker, &PredictWorker::failed, this, [this, done](quint64 generation, const QString& error) {
        if (generation != m_generation)
            return;
        done();
        m_json = {};
        m_status->setText(tr("No prediction: %1").arg(error));
        m_result->clear();
    });
    m_thread.start();

    m_run->setObjectName(QStringLiteral("predictRun"));
    m_run->setAccessibleName(tr("Run to fit the twin to"));
    for (const RunSummary& r : runs) {
        m_run->addItem(tr("Run %1: %2 (%3)").arg(r.id).arg(r.model, r.startedUtc.left(16)), r.id);
        if (r.id == currentRun)
            m_run->setCurrentIndex(m_run->count() - 1);
    }
    // 0 in a field: as the run measured it. The twin models these three; the rest are measured, not predicted.
    const auto field = [](QSpinBox* spin, const char* name, const QString& accessible, int max) {
        spin->setObjectName(QLatin1String(name));
        spin->setAccessibleName(accessible);
        spin->setRange(0, max);
        spin->setSpecialValueText(tr("as measured"));
    };
    field(m_maxNumSeqs, "predictMaxNumSeqs", tr("Requests at once (max-num-seqs, llama.cpp's parallel)"), 65'536);
    field(m_batchedTokens, "predictBatchedTokens", tr("Tokens per step (max-num-batched-tokens)"), 1'048'576);
    field(m_kvBlocks, "predictKvBlocks", tr("KV cache blocks"), 16'777'216);
    m_go->setObjectName(QStringLiteral("predictButton"));
    m_status->setObjectName(QStringLiteral("predictStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setText(tr("A twin of the run's server is fitted to its steps, then asked what these settings would "
                         "do to the same users. Prefix caching, chunked prefill, tensor parallelism, the KV cache's "
                         "type and quantisation are not modelled: measure them."));
    m_result->setObjectName(QStringLiteral("predictResult"));
    m_result->setReadOnly(true);
    m_result->setLineWrapMode(QPlainTextEdit::WidgetWidth); // the sentences wrap; the table is narrower than the box
    m_result->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_result->setAccessibleName(tr("Prediction"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Run:"), m_run);
    form->addRow(tr("Requests &at once:"), m_maxNumSeqs);
    form->addRow(tr("&Tokens per step:"), m_batchedTokens);
    form->addRow(tr("&KV cache blocks:"), m_kvBlocks);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_go, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_go, &QPushButton::clicked, this, &PredictDialog::predict);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(m_result, 1);
    layout->addWidget(buttons);
    resize(860, 560);
}

PredictDialog::~PredictDialog()
{
    if (m_busy)
        QApplication::restoreOverrideCursor();
    m_thread.requestInterruption(); // a fit in progress stops at its next move
    m_thread.quit();
    m_thread.wait();
}

QStringList PredictDialog::settings() const
{
    QStringList out;
    if (m_maxNumSeqs->value() > 0)
        out << QStringLiteral("max-num-seqs=%1").arg(m_maxNumSeqs->value());
    if (m_batchedTokens->value() > 0)
        out << QStringLiteral("max-num-batched-tokens=%1").arg(m_batchedTokens->value());
    if (m_kvBlocks->value() > 0)
        out << QStringLiteral("num-gpu-blocks=%1").arg(m_kvBlocks->value());
    return out;
}

QString PredictDialog::resultText() const
{
    return m_result->toPlainText();
}

void PredictDialog::predict()
{
    // A fit simulates every step many times: a second or more, never on the GUI thread.
    if (!m_busy)
        QApplication::setOverrideCursor(Qt::BusyCursor);
    m_busy = true;
    m_go->setEnabled(false);
    m_status->setText(tr("Fitting run %1's twin…").arg(m_run->currentData().toLongLong()));
    Q_EMIT predictRequested(m_run->currentData().toLongLong(), settings(), ++m_generation);
}

} // namespace kp::ui
