// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/wizard/hardwarepage.h"

#include "ui/wizard/fieldmessage.h"

#include <QDir>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QSpinBox>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace kp::ui {

namespace {

constexpr int IdRole = Qt::UserRole;
constexpr int SearchRole = Qt::UserRole + 1;

} // namespace

HardwarePage::HardwarePage(QWidget* parent)
    : QWizardPage(parent)
{
    setObjectName(QStringLiteral("hardwarePage"));
    setTitle(tr("Hardware"));
    setSubTitle(tr("The GPU the server runs on: the physics check compares the results with what it can do."));

    QString catalogWarning;
    m_catalog = core::Catalog::forUser(&catalogWarning);

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("gpuFilter"));
    m_filter->setAccessibleName(tr("Search GPUs"));
    m_filter->setPlaceholderText(tr("Search by name, vendor or memory"));
    m_filter->setClearButtonEnabled(true);

    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("gpuList"));
    m_list->setAccessibleName(tr("GPU"));
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    const QLocale locale;
    for (const core::GpuSpec& g : m_catalog.gpus()) {
        const QString text = tr("%1 — %2 GB, %3 TB/s, %4 BF16 TFLOPS")
                                 .arg(g.name, locale.toString(g.memoryGb), locale.toString(g.bandwidthTbps),
                                     locale.toString(g.bf16Tflops));
        auto* item = new QListWidgetItem(text, m_list);
        item->setData(IdRole, g.id);
        item->setData(SearchRole, QStringList {text, g.id, g.vendor}.join(u' '));
        item->setToolTip(tr("Catalog id: %1").arg(g.id));
    }
    m_gpuMessage = new FieldMessage(m_list, this);
    m_gpuMessage->setObjectName(QStringLiteral("gpuMessage"));

    auto* catalogNote
        = new QLabel(tr("Not listed? Add it to %1 in the format of the built-in catalog (see “kneepoint gpus”).")
                         .arg(QDir::toNativeSeparators(core::Catalog::userDirectory() + QStringLiteral("/gpus.json"))),
            this);
    catalogNote->setObjectName(QStringLiteral("catalogNote"));
    catalogNote->setWordWrap(true);
    catalogNote->setForegroundRole(QPalette::PlaceholderText);
    catalogNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* catalogMessage = new FieldMessage(nullptr, this);
    catalogMessage->setObjectName(QStringLiteral("catalogMessage"));
    if (!catalogWarning.isEmpty())
        catalogMessage->showMessage(catalogWarning, FieldMessage::Kind::Warning);

    m_count = new QSpinBox(this);
    m_count->setObjectName(QStringLiteral("gpuCountSpin"));
    m_count->setAccessibleName(tr("Number of GPUs"));
    m_count->setRange(1, 64);
    m_count->setValue(1);
    auto* countNote = new QLabel(tr("How many GPUs the model is split over (tensor parallel size)."), this);
    countNote->setWordWrap(true);
    countNote->setForegroundRole(QPalette::PlaceholderText);

    auto* gpuLabel = new QLabel(tr("&GPU:"), this);
    gpuLabel->setBuddy(m_filter);
    auto* gpuColumn = new QVBoxLayout;
    gpuColumn->setSpacing(2);
    gpuColumn->addWidget(m_filter);
    gpuColumn->addWidget(m_list, 1);
    gpuColumn->addWidget(m_gpuMessage);
    gpuColumn->addWidget(catalogNote);
    gpuColumn->addWidget(catalogMessage);
    auto* countLabel = new QLabel(tr("N&umber of GPUs:"), this);
    countLabel->setBuddy(m_count);
    auto* countColumn = new QVBoxLayout;
    countColumn->setSpacing(2);
    countColumn->addWidget(m_count, 0, Qt::AlignLeft);
    countColumn->addWidget(countNote);

    m_dcgm = new QLineEdit(this);
    m_dcgm->setObjectName(QStringLiteral("dcgmUrlEdit"));
    m_dcgm->setAccessibleName(tr("DCGM exporter"));
    m_dcgm->setPlaceholderText(tr("http://gpu-host:9400/metrics, optional"));
    m_dcgm->setClearButtonEnabled(true);
    m_dcgmMessage = new FieldMessage(m_dcgm, this);
    m_dcgmMessage->setObjectName(QStringLiteral("dcgmMessage"));
    auto* dcgmNote = new QLabel(tr("For the GPUs' power and energy per token during every step. Without it, "
                                   "nvidia-smi on this machine is read when the server runs here."),
        this);
    dcgmNote->setWordWrap(true);
    dcgmNote->setForegroundRole(QPalette::PlaceholderText);
    auto* dcgmLabel = new QLabel(tr("&DCGM exporter:"), this);
    dcgmLabel->setBuddy(m_dcgm);
    auto* dcgmColumn = new QVBoxLayout;
    dcgmColumn->setSpacing(2);
    dcgmColumn->addWidget(m_dcgm);
    dcgmColumn->addWidget(m_dcgmMessage);
    dcgmColumn->addWidget(dcgmNote);
    connect(m_dcgm, &QLineEdit::textChanged, m_dcgmMessage, &FieldMessage::clearMessage);

    auto* form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(gpuLabel, gpuColumn);
    form->addRow(countLabel, countColumn);
    form->addRow(dcgmLabel, dcgmColumn);

    connect(m_filter, &QLineEdit::textChanged, this, &HardwarePage::applyFilter);
    m_filter->installEventFilter(this);
    connect(m_list, &QListWidget::itemSelectionChanged, this, &HardwarePage::selectionChanged);
}

QString HardwarePage::gpuId() const
{
    const QList<QListWidgetItem*> selected = m_list->selectedItems();
    return selected.isEmpty() ? QString() : selected.first()->data(IdRole).toString();
}

void HardwarePage::setGpuId(const QString& id)
{
    m_list->clearSelection();
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->data(IdRole).toString() == id) {
            m_list->item(i)->setHidden(false);
            m_list->setCurrentRow(i);
            m_list->scrollToItem(m_list->item(i));
            return;
        }
    }
}

std::optional<core::GpuSpec> HardwarePage::gpu() const
{
    const QString id = gpuId();
    return id.isEmpty() ? std::nullopt : m_catalog.gpu(id);
}

int HardwarePage::gpuCount() const
{
    return m_count->value();
}

void HardwarePage::setGpuCount(int count)
{
    m_count->setValue(count);
}

bool HardwarePage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_filter || event->type() != QEvent::KeyPress)
        return QWizardPage::eventFilter(watched, event);
    const int key = static_cast<QKeyEvent*>(event)->key();
    // Enter in the search field takes the first match and stays on the page (the dialog would otherwise press Next
    // with a GPU the user has not seen chosen); Down walks on into the list.
    if (key == Qt::Key_Return || key == Qt::Key_Enter || key == Qt::Key_Down) {
        for (int i = 0; i < m_list->count(); ++i) {
            if (!m_list->item(i)->isHidden()) {
                m_list->setCurrentRow(i);
                break;
            }
        }
        if (key == Qt::Key_Down)
            m_list->setFocus();
        return true;
    }
    return QWizardPage::eventFilter(watched, event);
}

QString HardwarePage::dcgmUrl() const
{
    const QString text = m_dcgm->text().trimmed();
    return text.isEmpty() ? QString() : QUrl::fromUserInput(text).toString();
}

void HardwarePage::setDcgmUrl(const QString& url)
{
    m_dcgm->setText(url);
}

bool HardwarePage::validatePage()
{
    const QString dcgm = m_dcgm->text().trimmed();
    if (!dcgm.isEmpty()) {
        const QUrl url = QUrl::fromUserInput(dcgm);
        if (!url.userInfo().isEmpty()) {
            m_dcgmMessage->showMessage(tr("Give the address without a user name or password: a DCGM exporter is read "
                                          "without them, and the address is stored with the run."));
            m_dcgm->setFocus();
            return false;
        }
        if (!url.isValid() || (url.scheme() != u"http" && url.scheme() != u"https") || url.host().isEmpty()) {
            m_dcgmMessage->showMessage(
                tr("This is not the address of a DCGM exporter; it looks like http://gpu-host:9400/metrics."));
            m_dcgm->setFocus();
            return false;
        }
    }
    if (!gpuId().isEmpty())
        return true;
    m_gpuMessage->showMessage(tr("Choose the GPU the server runs on: the physics check needs its memory bandwidth "
                                 "and FLOPS."));
    m_filter->setFocus();
    return false;
}

void HardwarePage::applyFilter()
{
    const QStringList words = m_filter->text().split(u' ', Qt::SkipEmptyParts);
    int visible = 0;
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem* item = m_list->item(i);
        const QString haystack = item->data(SearchRole).toString();
        const bool match = std::all_of(words.begin(), words.end(),
            [&haystack](const QString& w) { return haystack.contains(w, Qt::CaseInsensitive); });
        item->setHidden(!match);
        // A choice the user can no longer see is not a choice they are making.
        if (!match && item->isSelected())
            item->setSelected(false);
        visible += match ? 1 : 0;
    }
    if (visible == 0) {
        m_gpuMessage->showMessage(tr("No GPU in the catalog matches “%1”.").arg(m_filter->text().trimmed()));
        m_showingNoMatch = true;
    } else if (m_showingNoMatch) {
        m_gpuMessage->clearMessage();
        m_showingNoMatch = false;
    }
}

void HardwarePage::selectionChanged()
{
    if (!gpuId().isEmpty()) {
        m_gpuMessage->clearMessage();
        m_showingNoMatch = false;
    }
    Q_EMIT gpuChanged();
}

} // namespace kp::ui
