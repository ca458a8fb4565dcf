// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quality/qualitypassrequest.h"

#include "core/doctor/doctor.h"
#include "core/quality/qualityverdict.h"

namespace kp::core {

std::optional<QualityPassRequest> QualityPassRequest::of(const Given& given, QString* error, QStringList* problems)
{
    QualityPassRequest r;
    r.url = Doctor::normalizeUrl(given.url);
    if (!Doctor::isServerUrl(r.url)) {
        *error = tr("The server's address needs http:// or https:// and a host, not '%1'.").arg(given.url);
        return std::nullopt;
    }
    r.role = given.role;
    if (given.role == QualityRole::After && given.allowedDropPp) {
        *error = tr("The allowed drop belongs to the before pass: the rule was set when it was asked, before any "
                    "after answer existed, and a comparison uses that one. Ask the after pass without it.");
        return std::nullopt;
    }
    if (given.role == QualityRole::Before) {
        r.allowedDropPp = given.allowedDropPp.value_or(QualityVerdict::kDefaultAllowedDropPp);
        if (!(*r.allowedDropPp >= 0 && *r.allowedDropPp <= kMostAllowedDropPp)) {
            *error = tr("The allowed drop is from 0 to %1 percentage points, not %2.")
                         .arg(kMostAllowedDropPp)
                         .arg(*r.allowedDropPp);
            return std::nullopt;
        }
    }
    if (given.setFile.isEmpty()) {
        r.set = QuestionSet::bundled();
        if (r.set.questions().empty()) {
            *error = tr("The bundled question set is missing from this build: name a question set file.");
            return std::nullopt;
        }
        return r;
    }
    std::optional<QuestionSet> loaded = QuestionSet::load(given.setFile, problems);
    if (!loaded) {
        *error = tr("%1 is not a clean question set, so nothing was asked.").arg(given.setFile);
        return std::nullopt;
    }
    r.set = std::move(*loaded);
    return r;
}

} // namespace kp::core
