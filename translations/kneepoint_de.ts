<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>kp::core</name>
    <message>
        <source>The disk holding %1 is full, so %2 failed and the database was left as it was. Free some space and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be written, so %2 failed. Check the file&apos;s permissions, or choose another file with --db or KNEEPOINT_DB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is held by another program, so %2 failed. Wait for the other Kneepoint to finish and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged (%3), so %2 failed. Kneepoint will not write to it: restore it from a backup, or choose another file with --db or KNEEPOINT_DB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The disk holding %1 reported an error (%3), so %2 failed. Check the disk and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%2 failed in %1: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was made by a newer Kneepoint (database version %2; this one reads up to %3). Update Kneepoint, or choose another file with --db or KNEEPOINT_DB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an SQLite database of another application, not a Kneepoint one. Kneepoint left it untouched: choose another file with --db or KNEEPOINT_DB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read as a Kneepoint database (%2). Kneepoint left it untouched: restore it from a backup, or choose another file with --db or KNEEPOINT_DB.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kp::core::RunStore</name>
    <message>
        <source>Qt&apos;s SQLite driver is missing, so Kneepoint cannot keep its run history. Install it (on Debian: libqt6sql6-sqlite).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database connection &quot;%1&quot; is already open in this process; each thread needs a connection of its own name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a file. Choose a database file with --db or KNEEPOINT_DB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a Kneepoint database (it is not an SQLite file). Kneepoint left it untouched: choose another file with --db or KNEEPOINT_DB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be opened: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder %1 cannot be created for the database. Choose another file with --db or KNEEPOINT_DB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opening the database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be switched to write-ahead logging (%2). Choose a file on a local disk with --db or KNEEPOINT_DB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updating the database to version %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kneepoint stopped before this run finished (it was killed or crashed, or the computer went down); the steps completed before that are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>storing step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no run %1 in %2 to store step %3 in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run cannot be finished as running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finishing run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no run %1 in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>listing the runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading the requests of step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chunk times of request %1 in step %2 of %3 are damaged. Restore the file from a backup.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading the /metrics samples of step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleting run %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kp::core::VllmFlags</name>
    <message>
        <source>The most requests the engine runs together in one step; the rest wait in the queue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>V0: 256. V1: 1024 on GPUs with at least 70 GiB other than the A100, 256 on the rest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The token budget of one engine step: one token per decoding request plus the pieces of prompts being prefilled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>V1 server: 8192 on GPUs with at least 70 GiB other than the A100, 2048 on the rest. V0: the context length unless chunked prefill is on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The share of the GPU&apos;s total memory vLLM may take for weights, working memory and the KV cache.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0.9; 0.92 from vLLM 0.21, which also started counting CUDA graph memory before sizing the KV cache.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stores the KV cache in 8-bit floating point: half the memory per token, at a small cost in accuracy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reuses the KV cache of prompt beginnings that earlier requests already computed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turns prefix caching off, for instance to measure a server without any reuse.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splits long prompts into pieces that share steps with decoding requests.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>V0: off, switched on by vLLM itself for contexts over 32K. V1: always on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splits every layer across this many GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gives each of this many GPUs, or machines, a run of consecutive layers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs this many complete copies of the model and shares the requests among them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The longest prompt plus answer one request may have; it bounds the KV cache one request can need.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the model&apos;s config (max_position_embeddings).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Converts a 16-bit model&apos;s weights to FP8 as it loads: half the weight memory and bandwidth.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None: vLLM reads the method from a quantized checkpoint&apos;s config.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompts longer than this many tokens count as long, so that they can be kept from starving short ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM 0.8 to 0.10 may fall back to the V0 engine when this is set, and Kneepoint is not sure every later release honours it: check the startup log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many prompts may be prefilled side by side in one step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many of those side-by-side prefills may be long prompts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keeps up to this many GiB of evicted KV cache in CPU memory, so a later hit reloads it instead of computing it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off until a size is given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plans the next step while the GPU still runs the current one, hiding the CPU&apos;s share of each step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off when it arrived; newer releases switch it on by themselves where the setup supports it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs this many HTTP front-end processes, for when tokenizing and streaming keep one CPU core busy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turns off CUDA graphs (and torch.compile on V1): a quicker start and slower decoding.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU memory, in GiB per GPU, into which the V0 engine could move the KV cache of preempted requests.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check `vllm serve --help` on your version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kneepoint has no version facts for this flag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs vLLM %1 or newer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only has an effect on the V0 engine (vLLM before %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>already the default on the V1 engine (vLLM %1 and newer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>listed so that you can take it out: it slows decoding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kneepoint could not read the vLLM version &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has no effect on the V1 engine that vLLM %1 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>already the default on vLLM %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pre-releases of %1 may not have it yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kneepoint is not sure of the exact release</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kp::ui::MainWindow</name>
    <message>
        <source>Kneepoint</source>
        <translation>Kneepoint</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Kneepoint&lt;/h2&gt;&lt;p&gt;How many users can your server really take?&lt;/p&gt;&lt;p&gt;Start the simulated server from a terminal with &lt;code&gt;kneepoint sim&lt;/code&gt;, or see &lt;code&gt;kneepoint --help&lt;/code&gt;.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Kneepoint&lt;/h2&gt;&lt;p&gt;Wie viele Nutzer verträgt Ihr Server wirklich?&lt;/p&gt;&lt;p&gt;Starten Sie den simulierten Server im Terminal mit &lt;code&gt;kneepoint sim&lt;/code&gt;, oder lesen Sie &lt;code&gt;kneepoint --help&lt;/code&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Kneepoint</source>
        <translation>Ü&amp;ber Kneepoint</translation>
    </message>
    <message>
        <source>About Kneepoint</source>
        <translation>Über Kneepoint</translation>
    </message>
    <message>
        <source>&lt;b&gt;Kneepoint %1&lt;/b&gt;&lt;p&gt;Benchmarks an OpenAI-compatible vLLM server, checks the numbers against what the GPU can physically do, and explains where it breaks.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Kneepoint %1&lt;/b&gt;&lt;p&gt;Misst einen OpenAI-kompatiblen vLLM-Server, prüft die Zahlen gegen das, was die GPU physikalisch leisten kann, und erklärt, wo er an seine Grenzen stößt.&lt;/p&gt;</translation>
    </message>
</context>
</TS>
