// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "modelspec.h"

namespace kp::core {

double ModelSpec::bytesPerParameter() const
{
    const QString d = dtype.toLower();
    if (d == u"float32" || d == u"fp32")
        return 4;
    if (d == u"fp8" || d == u"int8" || d.startsWith(u"float8"))
        return 1;
    if (d == u"int4")
        return 0.5;
    return 2; // bfloat16, float16, and the safe guess for anything else
}

double ModelSpec::parameters() const
{
    const double h = hiddenSize;
    const double qDim = double(numAttentionHeads) * headDim;
    const double kvDim = double(numKeyValueHeads) * headDim;
    const double embeddings = double(vocabSize) * h * (tieWordEmbeddings ? 1 : 2);
    double perLayer = h * qDim + 2 * h * kvDim + qDim * h + 3 * h * intermediateSize + 2 * h;
    if (attentionBias)
        perLayer += qDim + 2 * kvDim;
    return embeddings + numHiddenLayers * perLayer + h; // + the final norm
}

double ModelSpec::weightBytesReadPerStep() const
{
    double read = parameters();
    if (!tieWordEmbeddings)
        read -= double(vocabSize) * hiddenSize;
    return read * bytesPerParameter();
}

double ModelSpec::kvBytesPerToken(double cacheBytesPerElement) const
{
    return 2.0 * numHiddenLayers * numKeyValueHeads * headDim * cacheBytesPerElement;
}

double ModelSpec::attentionFlopsPerToken(double context) const
{
    return 4.0 * numHiddenLayers * numAttentionHeads * headDim * context;
}

} // namespace kp::core
