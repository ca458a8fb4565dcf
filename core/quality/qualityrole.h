// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace kp::core {

/// Which side of a change a quality pass answers for. A before pass carries the rule (the accuracy drop allowed
/// after the change); an after pass is compared with it under that rule.
enum class QualityRole { Before, After };

/// The stored and typed name: "before", "after" (--role, the quality_passes table, the JSON).
QString qualityRoleName(QualityRole role);
/// The role named `name`; nullopt for any other word.
std::optional<QualityRole> qualityRoleNamed(QStringView name);

} // namespace kp::core
