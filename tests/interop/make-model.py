#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a small random-weight LLaMA model as GGUF, for testing Kneepoint against a real llama.cpp server.

Usage: make-model.py OUT.gguf VOCAB.txt [--dim N] [--layers N] [--ffn N] [--heads N] [--kv-heads N] [--type q8_0|q4_0|f16]
       make-model.py OUT.gguf VOCAB.txt --adapter [--rank R] [the model's options]

With --adapter it writes a LoRA adapter for the model the same options write (llama-server --lora OUT.gguf): rank R
(default 64) A and B matrices, in f32, beside every matrix of every block, so that a request run with it does
measurably more work per token than one without. The output projection is left alone, so the adapter's answers are
" word" tokens too.

Runs where python3-gguf and python3-numpy are installed (the Debian sid chroot of make-chroot.sh; setup.sh runs it
there). The output is byte-identical on every run: the weights come from numpy with a fixed seed.

Vocabulary (SentencePiece style, tokenizer.ggml.model "llama", no space prefix added):
  0 <unk> (UNKNOWN), 1 <s> and 2 </s> (CONTROL), 3..258 the byte tokens <0x00>..<0xFF> (BYTE),
  259 + 2i "\u2581word_i" and 260 + 2i "word_i" for word i of VOCAB.txt (NORMAL),
  then <|im_start|> and <|im_end|> (CONTROL, for the ChatML chat template),
  then every other substring of every "\u2581word" (NORMAL, lower scores).
Because every substring of every word is a token (and U+2581 only ever starts one), llama.cpp's SPM tokenizer merges
each space-delimited word of the list into exactly one token: " the of and" -> [\u2581the, \u2581of, \u2581and].
The output projection is zero for every token except the "\u2581word" ones, so greedy decoding only ever emits
" word" tokens: valid UTF-8 that tokenizes back to the same tokens (the simulated server's model does the same).
"""

import argparse
import sys

import numpy as np
import gguf

SEED = 20260101
SPACE = "\u2581"


def read_words(path):
    words = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            w = line.strip()
            if w and not w.startswith("#"):
                words.append(w)
    if len(words) != len(set(words)):
        sys.exit(f"{path}: duplicate words")
    return words


def build_vocab(words):
    """Returns (tokens, scores, types, bos, eos, unk, output_ids) where output_ids may be generated."""
    T = gguf.TokenType
    tokens, scores, types = [], [], []

    def add(text, score, ttype):
        tokens.append(text)
        scores.append(score)
        types.append(ttype)

    add("<unk>", 0.0, T.UNKNOWN)
    add("<s>", 0.0, T.CONTROL)
    add("</s>", 0.0, T.CONTROL)
    for b in range(256):
        add(f"<0x{b:02X}>", 0.0, T.BYTE)
    output_ids = []
    for w in words:
        output_ids.append(len(tokens))
        add(SPACE + w, 0.0, T.NORMAL)
        add(w, -0.5, T.NORMAL)
    add("<|im_start|>", 0.0, T.CONTROL)
    add("<|im_end|>", 0.0, T.CONTROL)
    # Every substring of every "\u2581word" (prefixes, suffixes, inner pieces) so that any order of SPM merges ends
    # in the whole word. Longer pieces score higher; the order is deterministic (first seen).
    have = set(tokens)
    for w in words:
        s = SPACE + w
        for i in range(len(s)):
            for j in range(i + 1, len(s) + 1):
                piece = s[i:j]
                if piece not in have:
                    have.add(piece)
                    add(piece, -100.0 + len(piece), T.NORMAL)
    return tokens, scores, types, 1, 2, 0, output_ids


CHATML = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)


def block_matrices(a, d, hd):
    """(name, rows, cols) of each matrix of a block, as numpy holds them (rows out, cols in)."""
    return [("attn_q", d, d), ("attn_k", a.kv_heads * hd, d), ("attn_v", a.kv_heads * hd, d),
            ("attn_output", d, d), ("ffn_gate", a.ffn, d), ("ffn_up", a.ffn, d), ("ffn_down", d, a.ffn)]


def write_adapter(a, d, hd):
    """A LoRA adapter as llama.cpp's convert_lora_to_gguf.py writes one: general.type "adapter", adapter.type "lora",
    adapter.lora.alpha, and for each adapted matrix W (ggml shape [in, out]) W.lora_a of shape [in, rank] and
    W.lora_b of shape [rank, out]; llama.cpp adds B(A x) * alpha / rank to W x."""
    w = gguf.GGUFWriter(a.out, "llama")
    w.add_name("kneepoint-tiny-lora")
    w.add_type(gguf.GGUFType.ADAPTER)
    w.add_string(gguf.Keys.Adapter.TYPE, "lora")
    w.add_float32(gguf.Keys.Adapter.LORA_ALPHA, float(a.rank))
    rng = np.random.default_rng(SEED + 1)
    for i in range(a.layers):
        for name, rows, cols in block_matrices(a, d, hd):
            base = f"blk.{i}.{name}.weight"
            lora_a = rng.standard_normal((a.rank, cols), dtype=np.float32) * np.float32(1.0 / np.sqrt(cols))
            lora_b = rng.standard_normal((rows, a.rank), dtype=np.float32) * np.float32(0.1 / np.sqrt(a.rank))
            w.add_tensor(base + ".lora_a", lora_a)
            w.add_tensor(base + ".lora_b", lora_b)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    print(f"{a.out}: a rank-{a.rank} LoRA adapter on {7 * a.layers} matrices of the {a.layers}x{d} model")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("vocab")
    ap.add_argument("--dim", type=int, default=768)
    ap.add_argument("--layers", type=int, default=8)
    ap.add_argument("--ffn", type=int, default=2048)
    ap.add_argument("--heads", type=int, default=12)
    ap.add_argument("--kv-heads", type=int, default=4)
    ap.add_argument("--ctx", type=int, default=8192)
    ap.add_argument("--type", choices=["q8_0", "q4_0", "f16"], default="q8_0",
                    help="weight type of the matrices (f16 batches poorly on CPU; quantised needs --no-repack)")
    ap.add_argument("--adapter", action="store_true", help="write a LoRA adapter for the model instead")
    ap.add_argument("--rank", type=int, default=64, help="the adapter's rank")
    a = ap.parse_args()

    words = read_words(a.vocab)
    tokens, scores, types, bos, eos, unk, output_ids = build_vocab(words)
    n_vocab, d, hd = len(tokens), a.dim, a.dim // a.heads
    if d % a.heads or a.heads % a.kv_heads or d % 32 or a.ffn % 32:
        sys.exit("dim must be a multiple of 32 and of heads; heads of kv-heads; ffn of 32")
    if a.adapter:
        write_adapter(a, d, hd)
        return

    w = gguf.GGUFWriter(a.out, "llama")
    w.add_name("kneepoint-tiny")
    w.add_context_length(a.ctx)
    w.add_embedding_length(d)
    w.add_block_count(a.layers)
    w.add_feed_forward_length(a.ffn)
    w.add_head_count(a.heads)
    w.add_head_count_kv(a.kv_heads)
    w.add_rope_dimension_count(hd)
    w.add_rope_freq_base(10000.0)
    w.add_layer_norm_rms_eps(1e-5)
    w.add_vocab_size(n_vocab)
    ftype = {"q8_0": gguf.LlamaFileType.MOSTLY_Q8_0, "q4_0": gguf.LlamaFileType.MOSTLY_Q4_0,
             "f16": gguf.LlamaFileType.MOSTLY_F16}[a.type]
    w.add_file_type(ftype)

    w.add_tokenizer_model("llama")
    w.add_token_list(tokens)
    w.add_token_scores(scores)
    w.add_token_types(types)
    w.add_bos_token_id(bos)
    w.add_eos_token_id(eos)
    w.add_unk_token_id(unk)
    w.add_add_bos_token(True)
    w.add_add_eos_token(False)
    w.add_add_space_prefix(False)
    w.add_chat_template(CHATML)

    rng = np.random.default_rng(SEED)
    qtype = {"q8_0": gguf.GGMLQuantizationType.Q8_0, "q4_0": gguf.GGMLQuantizationType.Q4_0, "f16": None}[a.type]

    def matrix(name, rows, cols, scale=None, keep_rows=None):
        scale = 1.0 / np.sqrt(cols) if scale is None else scale
        m = rng.standard_normal((rows, cols), dtype=np.float32) * np.float32(scale)
        if keep_rows is not None:
            mask = np.zeros(rows, dtype=bool)
            mask[keep_rows] = True
            m[~mask] = 0.0
        if qtype is None:
            w.add_tensor(name, m.astype(np.float16))
        else:
            w.add_tensor(name, gguf.quants.quantize(m, qtype), raw_dtype=qtype)

    def norm(name):
        w.add_tensor(name, np.ones(d, dtype=np.float32))

    matrix("token_embd.weight", n_vocab, d, scale=1.0)
    for i in range(a.layers):
        p = f"blk.{i}."
        norm(p + "attn_norm.weight")
        matrix(p + "attn_q.weight", d, d)
        matrix(p + "attn_k.weight", a.kv_heads * hd, d)
        matrix(p + "attn_v.weight", a.kv_heads * hd, d)
        matrix(p + "attn_output.weight", d, d)
        norm(p + "ffn_norm.weight")
        matrix(p + "ffn_gate.weight", a.ffn, d)
        matrix(p + "ffn_up.weight", a.ffn, d)
        matrix(p + "ffn_down.weight", d, a.ffn)
    norm("output_norm.weight")
    # Only " word" tokens get a non-zero output row: byte, control and fragment tokens then have logit 0 against
    # hundreds of random ones, and greedy decoding never picks them.
    matrix("output.weight", n_vocab, d, scale=1.0, keep_rows=output_ids)

    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    n_params = n_vocab * d * 2 + a.layers * (2 * d * d + 2 * a.kv_heads * hd * d + 3 * d * a.ffn)
    print(f"{a.out}: {n_vocab} tokens, {a.layers}x{d} (ffn {a.ffn}, {a.heads}/{a.kv_heads} heads), "
          f"{n_params / 1e6:.1f}M parameters, {a.type}")


if __name__ == "__main__":
    main()
