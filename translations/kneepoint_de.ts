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
