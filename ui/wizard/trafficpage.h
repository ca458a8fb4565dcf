// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/runoptions.h"

#include <QWizardPage>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QListWidget;
class QPushButton;
class QRadioButton;

namespace kp::ui {

class FieldMessage;

/// Page 3: what the traffic looks like. The product type sets the defaults of this page and the next; the requests
/// are either synthetic sizes (presets for the product and the user's own IN/OUT pairs) or a JSONL data set.
class TrafficPage : public QWizardPage
{
    Q_OBJECT
public:
    explicit TrafficPage(QWidget* parent = nullptr);

    QString product() const;
    void setProduct(const QString& product);
    /// The sizes in the order the run takes them (the first is the one swept); empty with a data set, or while a size
    /// does not parse.
    QList<core::Shape> shapes() const;
    /// Checks the presets among `shapes` and writes the others as the user's own.
    void setShapes(const QList<core::Shape>& shapes);
    /// The JSONL file to replay; empty when synthetic sizes are chosen.
    QString datasetPath() const;
    void setDatasetPath(const QString& path);
    /// Tokens every synthetic prompt starts with (--shared-prefix); 0 with a data set.
    int sharedPrefixTokens() const;
    /// Each prompt's lengths drawn within ±this share of its size (--length-spread); 0 with a data set.
    double lengthSpread() const;
    void setLengthSpread(double spread);
    /// Turns of each user's conversations (--turns); 1 with a data set.
    int turns() const;
    void setTurns(int turns);
    void setSharedPrefixTokens(int tokens);
    /// Whether the server is asked to empty its prefix cache before each step (--reset-prefix-cache).
    bool resetPrefixCache() const;
    void setResetPrefixCache(bool reset);
    /// The server's context length, once Detect has found it: no size may exceed it.
    void setContextLength(std::optional<int> tokens);

    bool validatePage() override;

    /// Presets for a product, its default first; the default is the one RunOptions::resolved() uses.
    static QList<core::Shape> presets(const QString& product);
    /// A traffic product's name for a person: "Chat", "RAG", "Reasoning", "Batch".
    static QString productName(const QString& product);

Q_SIGNALS:
    void productChanged(const QString& product);
    void trafficChanged();

private:
    void fillPresets();
    void updateMode();
    /// Judges the sizes or the data set, whichever is chosen, and shows the message; true when usable.
    bool check();
    std::optional<QList<core::Shape>> parseShapes(QString* error) const;
    QString checkDataset() const;

    QComboBox* m_product = nullptr;
    QLabel* m_productDescription = nullptr;
    QRadioButton* m_sizesRadio = nullptr;
    QRadioButton* m_datasetRadio = nullptr;
    QListWidget* m_presets = nullptr;
    QLineEdit* m_custom = nullptr;
    FieldMessage* m_sizesMessage = nullptr;
    QSpinBox* m_sharedPrefix = nullptr;
    QCheckBox* m_resetCache = nullptr;
    QSpinBox* m_lengthSpread = nullptr; // percent
    QSpinBox* m_turns = nullptr;
    QLineEdit* m_dataset = nullptr;
    QPushButton* m_browse = nullptr;
    FieldMessage* m_datasetMessage = nullptr;
    std::optional<int> m_contextLength;
};

} // namespace kp::ui
