// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/plan/runoptions.h"

#include <QWizardPage>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QListWidget;
class QPushButton;
class QRadioButton;

namespace kp::ui {

class FieldMessage;

/// Page 3: what the traffic looks like. The product type sets the defaults of this page and the next; the requests
/// are either synthetic sizes (presets for the product and the user's own IN/OUT pairs), a JSONL data set, or a
/// production trace replayed at its own times.
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
    /// The trace to replay (--trace); empty unless a trace is chosen.
    QString tracePath() const;
    double traceSpeed() const; ///< --trace-speed
    double traceStartSeconds() const; ///< --trace-start
    double traceDurationSeconds() const; ///< --trace-duration; 0: to the end
    /// The window of the chosen trace as the run replays it, read when the file or the window last changed; null
    /// unless a trace is chosen and can be replayed.
    std::shared_ptr<const core::Trace> traceWindow() const;
    void setTrace(const QString& path, double speed, double startSeconds, double durationSeconds);
    /// Tokens every synthetic prompt starts with (--shared-prefix); 0 with a data set.
    int sharedPrefixTokens() const;
    /// Each prompt's lengths drawn within ±this share of its size (--length-spread); 0 with a data set.
    double lengthSpread() const;
    void setLengthSpread(double spread);
    /// The models or adapters requests are sent to by weight (--models); empty: the server's one model. Only read
    /// once the page is valid.
    core::ModelMix models() const;
    void setModels(const core::ModelMix& models);
    /// Turns of each user's conversations (--turns); 1 with a data set.
    int turns() const;
    void setTurns(int turns);
    /// Agents' sub-calls after each turn but the last (--fan-out); 0 without turns or with a data set.
    int fanOut() const;
    void setFanOut(int fanOut);
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
    /// The page's fields, each named for the tests and the screen reader.
    void createWidgets();
    /// The fields in their forms, each choice followed by its own, in reading order for the keyboard too.
    void layOut();
    void connectSignals();
    void fillPresets();
    void updateMode();
    /// Judges the sizes or the data set, whichever is chosen, and shows the message; true when usable.
    bool check();
    std::optional<QList<core::Shape>> parseShapes(QString* error) const;
    QString checkDataset() const;
    /// Reads the trace (again only when the file changed) and cuts its window: an error, or "" with the window set.
    QString checkTrace();

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
    QSpinBox* m_fanOut = nullptr;
    QLineEdit* m_models = nullptr;
    FieldMessage* m_modelsMessage = nullptr;
    QLineEdit* m_dataset = nullptr;
    QPushButton* m_browse = nullptr;
    FieldMessage* m_datasetMessage = nullptr;
    QRadioButton* m_traceRadio = nullptr;
    QLineEdit* m_trace = nullptr;
    QPushButton* m_traceBrowse = nullptr;
    QDoubleSpinBox* m_traceSpeed = nullptr;
    QSpinBox* m_traceStart = nullptr;
    QSpinBox* m_traceDuration = nullptr;
    FieldMessage* m_traceMessage = nullptr;
    QLabel* m_traceSummary = nullptr;
    /// The last trace read, and what it was read from (path, size, modification time): a window's change cuts it
    /// again without reading the file.
    std::optional<core::Trace> m_traceRead;
    QString m_traceReadKey;
    QString m_traceReadError;
    std::shared_ptr<const core::Trace> m_traceWindow;
    std::optional<int> m_contextLength;
};

} // namespace kp::ui
