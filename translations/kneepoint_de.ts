<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
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
