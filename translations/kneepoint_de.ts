<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>DurationEstimate</name>
    <message>
        <source>About %1 seconds</source>
        <translation>Etwa %1 Sekunden</translation>
    </message>
    <message>
        <source>About %1 minutes</source>
        <translation>Etwa %1 Minuten</translation>
    </message>
    <message>
        <source>About %1 hours</source>
        <translation>Etwa %1 Stunden</translation>
    </message>
</context>
<context>
    <name>kp::core</name>
    <message>
        <source>The disk holding %1 is full, so %2 failed and the database was left as it was. Free some space and try again.</source>
        <translation>Der Datenträger mit %1 ist voll, daher ist %2 fehlgeschlagen; die Datenbank blieb unverändert. Geben Sie Speicherplatz frei und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>%1 cannot be written, so %2 failed. Check the file&apos;s permissions, or choose another file with --db or KNEEPOINT_DB.</source>
        <translation>%1 ist nicht beschreibbar, daher ist %2 fehlgeschlagen. Prüfen Sie die Zugriffsrechte der Datei oder wählen Sie mit --db oder KNEEPOINT_DB eine andere Datei.</translation>
    </message>
    <message>
        <source>%1 is held by another program, so %2 failed. Wait for the other Kneepoint to finish and try again.</source>
        <translation>%1 ist von einem anderen Programm belegt, daher ist %2 fehlgeschlagen. Warten Sie, bis das andere Kneepoint fertig ist, und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>%1 is damaged (%3), so %2 failed. Kneepoint will not write to it: restore it from a backup, or choose another file with --db or KNEEPOINT_DB.</source>
        <translation>%1 ist beschädigt (%3), daher ist %2 fehlgeschlagen. Kneepoint schreibt nicht in diese Datei: Stellen Sie sie aus einer Sicherung wieder her oder wählen Sie mit --db oder KNEEPOINT_DB eine andere Datei.</translation>
    </message>
    <message>
        <source>The disk holding %1 reported an error (%3), so %2 failed. Check the disk and try again.</source>
        <translation>Der Datenträger mit %1 hat einen Fehler gemeldet (%3), daher ist %2 fehlgeschlagen. Prüfen Sie den Datenträger und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>%2 failed in %1: %3.</source>
        <translation>In %1 ist %2 fehlgeschlagen: %3.</translation>
    </message>
    <message>
        <source>%1 was made by a newer Kneepoint (database version %2; this one reads up to %3). Update Kneepoint, or choose another file with --db or KNEEPOINT_DB.</source>
        <translation>%1 wurde von einer neueren Kneepoint-Version angelegt (Datenbankversion %2; diese Version liest bis %3). Aktualisieren Sie Kneepoint oder wählen Sie mit --db oder KNEEPOINT_DB eine andere Datei.</translation>
    </message>
    <message>
        <source>%1 is an SQLite database of another application, not a Kneepoint one. Kneepoint left it untouched: choose another file with --db or KNEEPOINT_DB.</source>
        <translation>%1 ist die SQLite-Datenbank einer anderen Anwendung, keine von Kneepoint. Kneepoint hat sie nicht verändert: Wählen Sie mit --db oder KNEEPOINT_DB eine andere Datei.</translation>
    </message>
    <message>
        <source>%1 cannot be read as a Kneepoint database (%2). Kneepoint left it untouched: restore it from a backup, or choose another file with --db or KNEEPOINT_DB.</source>
        <translation>%1 lässt sich nicht als Kneepoint-Datenbank lesen (%2). Kneepoint hat die Datei nicht verändert: Stellen Sie sie aus einer Sicherung wieder her oder wählen Sie mit --db oder KNEEPOINT_DB eine andere Datei.</translation>
    </message>
    <message>
        <source>The PDF has no startxref line; it is probably truncated.</source>
        <translation>Das PDF hat keine startxref-Zeile; es ist vermutlich abgeschnitten.</translation>
    </message>
    <message>
        <source>The PDF&apos;s startxref does not give an offset inside the file.</source>
        <translation>Der startxref-Eintrag des PDFs nennt keinen Offset innerhalb der Datei.</translation>
    </message>
    <message>
        <source>The PDF&apos;s chain of cross-reference sections (/Prev) is broken.</source>
        <translation>Die Kette der Querverweisabschnitte (/Prev) des PDFs ist unterbrochen.</translation>
    </message>
    <message>
        <source>The PDF uses cross-reference streams (PDF 1.5 and later), which embedding files does not support.</source>
        <translation>Das PDF verwendet Querverweis-Streams (ab PDF 1.5), die das Einbetten von Dateien nicht unterstützt.</translation>
    </message>
    <message>
        <source>The PDF&apos;s startxref or /Prev does not point at a cross-reference table.</source>
        <translation>Der Eintrag startxref oder /Prev des PDFs zeigt nicht auf eine Querverweistabelle.</translation>
    </message>
    <message>
        <source>The PDF&apos;s cross-reference table cannot be read.</source>
        <translation>Die Querverweistabelle des PDFs kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The PDF&apos;s trailer dictionary cannot be read.</source>
        <translation>Das Trailer-Dictionary des PDFs kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The PDF&apos;s trailer has a /Prev that is no offset.</source>
        <translation>Der Trailer des PDFs enthält ein /Prev, das kein Offset ist.</translation>
    </message>
</context>
<context>
    <name>kp::core::PdfAttachments</name>
    <message>
        <source>The data is no PDF: it does not start with %PDF-.</source>
        <translation>Die Daten sind kein PDF: sie beginnen nicht mit %PDF-.</translation>
    </message>
    <message>
        <source>The PDF is encrypted, and embedding files into encrypted PDFs is not supported.</source>
        <translation>Das PDF ist verschlüsselt, und das Einbetten von Dateien in verschlüsselte PDFs wird nicht unterstützt.</translation>
    </message>
    <message>
        <source>The PDF&apos;s trailer lacks a valid /Size or /Root.</source>
        <translation>Dem Trailer des PDFs fehlt ein gültiges /Size oder /Root.</translation>
    </message>
    <message>
        <source>The PDF&apos;s document catalog (/Root) cannot be found or read.</source>
        <translation>Der Dokumentkatalog (/Root) des PDFs kann nicht gefunden oder gelesen werden.</translation>
    </message>
    <message>
        <source>The PDF&apos;s /Root is not a document catalog.</source>
        <translation>Der Eintrag /Root des PDFs ist kein Dokumentkatalog.</translation>
    </message>
    <message>
        <source>The PDF catalog&apos;s /Names dictionary cannot be found or read.</source>
        <translation>Das /Names-Dictionary des PDF-Katalogs kann nicht gefunden oder gelesen werden.</translation>
    </message>
    <message>
        <source>The PDF already has embedded files (/EmbeddedFiles), and adding to them is not supported.</source>
        <translation>Das PDF enthält bereits eingebettete Dateien (/EmbeddedFiles), und das Hinzufügen weiterer Dateien wird nicht unterstützt.</translation>
    </message>
    <message>
        <source>The PDF catalog&apos;s /Names is neither a dictionary nor a reference to one.</source>
        <translation>Der Eintrag /Names des PDF-Katalogs ist weder ein Dictionary noch ein Verweis auf eines.</translation>
    </message>
    <message>
        <source>An attachment needs a file name without folders, not &quot;%1&quot;.</source>
        <translation>Ein Anhang braucht einen Dateinamen ohne Ordner, nicht &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Two attachments are both called &quot;%1&quot;.</source>
        <translation>Zwei Anhänge heißen beide &quot;%1&quot;.</translation>
    </message>
</context>
<context>
    <name>kp::core::RunStore</name>
    <message>
        <source>Qt&apos;s SQLite driver is missing, so Kneepoint cannot keep its run history. Install it (on Debian: libqt6sql6-sqlite).</source>
        <translation>Der SQLite-Treiber von Qt fehlt, daher kann Kneepoint keine Lauf-Historie führen. Installieren Sie ihn (unter Debian: libqt6sql6-sqlite).</translation>
    </message>
    <message>
        <source>The database connection &quot;%1&quot; is already open in this process; each thread needs a connection of its own name.</source>
        <translation>Die Datenbankverbindung &quot;%1&quot; ist in diesem Prozess bereits geöffnet; jeder Thread braucht eine Verbindung mit eigenem Namen.</translation>
    </message>
    <message>
        <source>%1 is not a file. Choose a database file with --db or KNEEPOINT_DB.</source>
        <translation>%1 ist keine Datei. Wählen Sie mit --db oder KNEEPOINT_DB eine Datenbankdatei.</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2.</source>
        <translation>%1 kann nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <source>%1 is not a Kneepoint database (it is not an SQLite file). Kneepoint left it untouched: choose another file with --db or KNEEPOINT_DB.</source>
        <translation>%1 ist keine Kneepoint-Datenbank (es ist keine SQLite-Datei). Kneepoint hat die Datei nicht verändert: Wählen Sie mit --db oder KNEEPOINT_DB eine andere Datei.</translation>
    </message>
    <message>
        <source>%1 cannot be opened: %2.</source>
        <translation>%1 kann nicht geöffnet werden: %2.</translation>
    </message>
    <message>
        <source>The folder %1 cannot be created for the database. Choose another file with --db or KNEEPOINT_DB.</source>
        <translation>Der Ordner %1 für die Datenbank kann nicht angelegt werden. Wählen Sie mit --db oder KNEEPOINT_DB eine andere Datei.</translation>
    </message>
    <message>
        <source>opening the database</source>
        <translation>das Öffnen der Datenbank</translation>
    </message>
    <message>
        <source>%1 cannot be switched to write-ahead logging (%2). Choose a file on a local disk with --db or KNEEPOINT_DB.</source>
        <translation>%1 lässt sich nicht auf Write-Ahead-Logging umstellen (%2). Wählen Sie mit --db oder KNEEPOINT_DB eine Datei auf einem lokalen Datenträger.</translation>
    </message>
    <message>
        <source>updating the database to version %1</source>
        <translation>das Aktualisieren der Datenbank auf Version %1</translation>
    </message>
    <message>
        <source>Kneepoint stopped before this run finished (it was killed or crashed, or the computer went down); the steps completed before that are kept.</source>
        <translation>Kneepoint wurde beendet, bevor dieser Lauf fertig war (der Prozess wurde zwangsweise beendet oder ist abgestürzt, oder der Rechner ist ausgefallen); die bis dahin abgeschlossenen Schritte bleiben erhalten.</translation>
    </message>
    <message>
        <source>starting the run</source>
        <translation>das Starten des Laufs</translation>
    </message>
    <message>
        <source>storing step %1</source>
        <translation>das Speichern von Schritt %1</translation>
    </message>
    <message>
        <source>There is no run %1 in %2 to store step %3 in.</source>
        <translation>In %2 gibt es keinen Lauf %1, in dem Schritt %3 gespeichert werden könnte.</translation>
    </message>
    <message>
        <source>A run cannot be finished as running.</source>
        <translation>Ein Lauf kann nicht mit dem Status „läuft“ abgeschlossen werden.</translation>
    </message>
    <message>
        <source>finishing run %1</source>
        <translation>das Abschließen von Lauf %1</translation>
    </message>
    <message>
        <source>There is no run %1 in %2.</source>
        <translation>In %2 gibt es keinen Lauf %1.</translation>
    </message>
    <message>
        <source>listing the runs</source>
        <translation>das Auflisten der Läufe</translation>
    </message>
    <message>
        <source>reading run %1</source>
        <translation>das Lesen von Lauf %1</translation>
    </message>
    <message>
        <source>reading the requests of step %1</source>
        <translation>das Lesen der Anfragen von Schritt %1</translation>
    </message>
    <message>
        <source>The chunk times of request %1 in step %2 of %3 are damaged. Restore the file from a backup.</source>
        <translation>Die Chunk-Zeiten von Anfrage %1 in Schritt %2 in %3 sind beschädigt. Stellen Sie die Datei aus einer Sicherung wieder her.</translation>
    </message>
    <message>
        <source>reading the /metrics samples of step %1</source>
        <translation>das Lesen der /metrics-Messwerte von Schritt %1</translation>
    </message>
    <message>
        <source>deleting run %1</source>
        <translation>das Löschen von Lauf %1</translation>
    </message>
</context>
<context>
    <name>kp::core::SimulatorProcess</name>
    <message>
        <source>The simulator did not come up in time: %1</source>
        <translation>Der Simulator ist nicht rechtzeitig hochgefahren: %1</translation>
    </message>
    <message>
        <source>Could not start the simulator: %1</source>
        <translation>Der Simulator konnte nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>The simulator exited with %1: %2</source>
        <translation>Der Simulator wurde mit Exit-Code %1 beendet: %2</translation>
    </message>
</context>
<context>
    <name>kp::core::VllmFlags</name>
    <message>
        <source>The most requests the engine runs together in one step; the rest wait in the queue.</source>
        <translation>Die größte Zahl von Anfragen, die die Engine gemeinsam in einem Schritt ausführt; die übrigen warten in der Warteschlange.</translation>
    </message>
    <message>
        <source>V0: 256. V1: 1024 on GPUs with at least 70 GiB other than the A100, 256 on the rest.</source>
        <translation>V0: 256. V1: 1024 auf GPUs mit mindestens 70 GiB außer der A100, 256 auf allen anderen.</translation>
    </message>
    <message>
        <source>The token budget of one engine step: one token per decoding request plus the pieces of prompts being prefilled.</source>
        <translation>Das Token-Budget eines Engine-Schritts: ein Token je Anfrage im Decoding plus die Prompt-Stücke im Prefill.</translation>
    </message>
    <message>
        <source>V1 server: 8192 on GPUs with at least 70 GiB other than the A100, 2048 on the rest. V0: the context length unless chunked prefill is on.</source>
        <translation>V1-Server: 8192 auf GPUs mit mindestens 70 GiB außer der A100, 2048 auf allen anderen. V0: die Kontextlänge, sofern Chunked Prefill nicht aktiv ist.</translation>
    </message>
    <message>
        <source>The share of the GPU&apos;s total memory vLLM may take for weights, working memory and the KV cache.</source>
        <translation>Der Anteil am gesamten GPU-Speicher, den vLLM für Gewichte, Arbeitsspeicher und den KV-Cache belegen darf.</translation>
    </message>
    <message>
        <source>0.9; 0.92 from vLLM 0.21, which also started counting CUDA graph memory before sizing the KV cache.</source>
        <translation>0.9; 0.92 ab vLLM 0.21, das außerdem den Speicher der CUDA-Graphen mitzählt, bevor es den KV-Cache dimensioniert.</translation>
    </message>
    <message>
        <source>Stores the KV cache in 8-bit floating point: half the memory per token, at a small cost in accuracy.</source>
        <translation>Speichert den KV-Cache als 8-Bit-Gleitkommazahlen: halber Speicher pro Token bei geringen Einbußen an Genauigkeit.</translation>
    </message>
    <message>
        <source>Reuses the KV cache of prompt beginnings that earlier requests already computed.</source>
        <translation>Verwendet den KV-Cache von Prompt-Anfängen wieder, die frühere Anfragen bereits berechnet haben.</translation>
    </message>
    <message>
        <source>Turns prefix caching off, for instance to measure a server without any reuse.</source>
        <translation>Schaltet Prefix Caching ab, etwa um einen Server ganz ohne Wiederverwendung zu messen.</translation>
    </message>
    <message>
        <source>Splits long prompts into pieces that share steps with decoding requests.</source>
        <translation>Teilt lange Prompts in Stücke, die sich die Schritte mit Anfragen im Decoding teilen.</translation>
    </message>
    <message>
        <source>V0: off, switched on by vLLM itself for contexts over 32K. V1: always on.</source>
        <translation>V0: aus; vLLM schaltet es bei Kontexten über 32K selbst ein. V1: immer an.</translation>
    </message>
    <message>
        <source>Splits every layer across this many GPUs.</source>
        <translation>Verteilt jede Schicht auf so viele GPUs.</translation>
    </message>
    <message>
        <source>Gives each of this many GPUs, or machines, a run of consecutive layers.</source>
        <translation>Weist jeder von so vielen GPUs oder Maschinen einen Block aufeinanderfolgender Schichten zu.</translation>
    </message>
    <message>
        <source>Runs this many complete copies of the model and shares the requests among them.</source>
        <translation>Betreibt so viele vollständige Kopien des Modells und verteilt die Anfragen auf sie.</translation>
    </message>
    <message>
        <source>The longest prompt plus answer one request may have; it bounds the KV cache one request can need.</source>
        <translation>Die größte Länge von Prompt plus Antwort, die eine Anfrage haben darf; sie begrenzt den KV-Cache, den eine Anfrage brauchen kann.</translation>
    </message>
    <message>
        <source>From the model&apos;s config (max_position_embeddings).</source>
        <translation>Aus der Konfiguration des Modells (max_position_embeddings).</translation>
    </message>
    <message>
        <source>Converts a 16-bit model&apos;s weights to FP8 as it loads: half the weight memory and bandwidth.</source>
        <translation>Wandelt die Gewichte eines 16-Bit-Modells beim Laden in FP8 um: halber Speicher und halbe Bandbreite für die Gewichte.</translation>
    </message>
    <message>
        <source>None: vLLM reads the method from a quantized checkpoint&apos;s config.</source>
        <translation>None: vLLM liest das Verfahren aus der Konfiguration eines quantisierten Checkpoints.</translation>
    </message>
    <message>
        <source>Prompts longer than this many tokens count as long, so that they can be kept from starving short ones.</source>
        <translation>Prompts mit mehr als so vielen Tokens gelten als lang, damit sie kurze Prompts nicht aushungern.</translation>
    </message>
    <message>
        <source>vLLM 0.8 to 0.10 may fall back to the V0 engine when this is set, and Kneepoint is not sure every later release honours it: check the startup log</source>
        <translation>vLLM 0.8 bis 0.10 fällt möglicherweise auf die V0-Engine zurück, wenn dies gesetzt ist, und Kneepoint ist nicht sicher, ob jede spätere Version es beachtet: Prüfen Sie das Startprotokoll</translation>
    </message>
    <message>
        <source>How many prompts may be prefilled side by side in one step.</source>
        <translation>Wie viele Prompts in einem Schritt nebeneinander im Prefill verarbeitet werden dürfen.</translation>
    </message>
    <message>
        <source>How many of those side-by-side prefills may be long prompts.</source>
        <translation>Wie viele dieser parallelen Prefills lange Prompts sein dürfen.</translation>
    </message>
    <message>
        <source>Keeps up to this many GiB of evicted KV cache in CPU memory, so a later hit reloads it instead of computing it again.</source>
        <translation>Hält bis zu so viele GiB verdrängten KV-Cache im CPU-Speicher, sodass ein späterer Treffer ihn neu lädt, statt ihn erneut zu berechnen.</translation>
    </message>
    <message>
        <source>Off until a size is given.</source>
        <translation>Aus, solange keine Größe angegeben ist.</translation>
    </message>
    <message>
        <source>Plans the next step while the GPU still runs the current one, hiding the CPU&apos;s share of each step.</source>
        <translation>Plant den nächsten Schritt, während die GPU noch den aktuellen ausführt, und verbirgt so den CPU-Anteil jedes Schritts.</translation>
    </message>
    <message>
        <source>Off when it arrived; newer releases switch it on by themselves where the setup supports it.</source>
        <translation>Bei Einführung aus; neuere Versionen schalten es selbst ein, wo die Konfiguration es unterstützt.</translation>
    </message>
    <message>
        <source>Runs this many HTTP front-end processes, for when tokenizing and streaming keep one CPU core busy.</source>
        <translation>Startet so viele HTTP-Frontend-Prozesse, für den Fall, dass Tokenisierung und Streaming einen CPU-Kern auslasten.</translation>
    </message>
    <message>
        <source>Turns off CUDA graphs (and torch.compile on V1): a quicker start and slower decoding.</source>
        <translation>Schaltet CUDA-Graphen ab (und auf V1 torch.compile): schnellerer Start, langsameres Decoding.</translation>
    </message>
    <message>
        <source>CPU memory, in GiB per GPU, into which the V0 engine could move the KV cache of preempted requests.</source>
        <translation>CPU-Speicher in GiB pro GPU, in den die V0-Engine den KV-Cache verdrängter Anfragen auslagern konnte.</translation>
    </message>
    <message>
        <source>check `vllm serve --help` on your version</source>
        <translation>prüfen Sie `vllm serve --help` auf Ihrer Version</translation>
    </message>
    <message>
        <source>Kneepoint has no version facts for this flag</source>
        <translation>Kneepoint hat keine Versionsangaben zu diesem Flag</translation>
    </message>
    <message>
        <source>needs vLLM %1 or newer</source>
        <translation>erfordert vLLM %1 oder neuer</translation>
    </message>
    <message>
        <source>removed in %1</source>
        <translation>entfernt in %1</translation>
    </message>
    <message>
        <source>only has an effect on the V0 engine (vLLM before %1)</source>
        <translation>wirkt nur auf der V0-Engine (vLLM vor %1)</translation>
    </message>
    <message>
        <source>already the default on the V1 engine (vLLM %1 and newer)</source>
        <translation>auf der V1-Engine bereits Standard (vLLM %1 und neuer)</translation>
    </message>
    <message>
        <source>listed so that you can take it out: it slows decoding</source>
        <translation>aufgeführt, damit Sie es entfernen können: es verlangsamt das Decoding</translation>
    </message>
    <message>
        <source>Kneepoint could not read the vLLM version &quot;%1&quot;</source>
        <translation>Kneepoint konnte die vLLM-Version &quot;%1&quot; nicht lesen</translation>
    </message>
    <message>
        <source>has no effect on the V1 engine that vLLM %1 runs</source>
        <translation>wirkungslos auf der V1-Engine, die vLLM %1 verwendet</translation>
    </message>
    <message>
        <source>already the default on vLLM %1</source>
        <translation>auf vLLM %1 bereits Standard</translation>
    </message>
    <message>
        <source>pre-releases of %1 may not have it yet</source>
        <translation>Vorabversionen von %1 haben es möglicherweise noch nicht</translation>
    </message>
    <message>
        <source>Kneepoint is not sure of the exact release</source>
        <translation>Kneepoint ist sich der genauen Version nicht sicher</translation>
    </message>
</context>
<context>
    <name>kp::ui::CompareDialog</name>
    <message>
        <source>Compare runs</source>
        <translation>Läufe vergleichen</translation>
    </message>
    <message>
        <source>Run before</source>
        <translation>Lauf vorher</translation>
    </message>
    <message>
        <source>Run after</source>
        <translation>Lauf nachher</translation>
    </message>
    <message>
        <source>Run %1: %2 (%3)</source>
        <translation>Lauf %1: %2 (%3)</translation>
    </message>
    <message>
        <source>Metrics of both runs</source>
        <translation>Metriken beider Läufe</translation>
    </message>
    <message>
        <source>What changed</source>
        <translation>Was sich geändert hat</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Vorher</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Nachher</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Last</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Beyond noise?</source>
        <translation>Über dem Rauschen?</translation>
    </message>
    <message>
        <source>not tested</source>
        <translation>nicht geprüft</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
</context>
<context>
    <name>kp::ui::ConnectionWizard</name>
    <message>
        <source>New Run</source>
        <translation>Neuer Lauf</translation>
    </message>
</context>
<context>
    <name>kp::ui::HardwarePage</name>
    <message>
        <source>Hardware</source>
        <translation>Hardware</translation>
    </message>
    <message>
        <source>The GPU the server runs on: the physics check compares the results with what it can do.</source>
        <translation>Die GPU, auf der der Server läuft: Der Physik-Check vergleicht die Ergebnisse mit dem, was sie leisten kann.</translation>
    </message>
    <message>
        <source>Search GPUs</source>
        <translation>GPUs suchen</translation>
    </message>
    <message>
        <source>Search by name, vendor or memory</source>
        <translation>Nach Name, Hersteller oder Speicher suchen</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1 — %2 GB, %3 TB/s, %4 BF16 TFLOPS</source>
        <translation>%1 — %2 GB, %3 TB/s, %4 BF16-TFLOPS</translation>
    </message>
    <message>
        <source>Catalog id: %1</source>
        <translation>Katalog-ID: %1</translation>
    </message>
    <message>
        <source>Not listed? Add it to %1 in the format of the built-in catalog (see “kneepoint gpus”).</source>
        <translation>Nicht aufgeführt? Tragen Sie sie in %1 im Format des eingebauten Katalogs ein (siehe „kneepoint gpus“).</translation>
    </message>
    <message>
        <source>Number of GPUs</source>
        <translation>Anzahl der GPUs</translation>
    </message>
    <message>
        <source>How many GPUs the model is split over (tensor parallel size).</source>
        <translation>Auf wie viele GPUs das Modell aufgeteilt ist (Tensor-Parallel-Größe).</translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation>&amp;GPU:</translation>
    </message>
    <message>
        <source>&amp;Number of GPUs:</source>
        <translation>&amp;Anzahl der GPUs:</translation>
    </message>
    <message>
        <source>Choose the GPU the server runs on: the physics check needs its memory bandwidth and FLOPS.</source>
        <translation>Wählen Sie die GPU, auf der der Server läuft: Der Physik-Check braucht ihre Speicherbandbreite und FLOPS.</translation>
    </message>
    <message>
        <source>No GPU in the catalog matches “%1”.</source>
        <translation>Keine GPU im Katalog passt zu „%1“.</translation>
    </message>
</context>
<context>
    <name>kp::ui::LessonsDialog</name>
    <message>
        <source>Lessons</source>
        <translation>Lektionen</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lektion</translation>
    </message>
</context>
<context>
    <name>kp::ui::LiveRunView</name>
    <message>
        <source>No run yet</source>
        <translation>Noch kein Lauf</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Run progress</source>
        <translation>Fortschritt des Laufs</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Stoppen</translation>
    </message>
    <message>
        <source>Stop the run</source>
        <translation>Lauf stoppen</translation>
    </message>
    <message>
        <source>Cancel the step in progress. Completed steps are kept.</source>
        <translation>Bricht den laufenden Schritt ab. Abgeschlossene Schritte bleiben erhalten.</translation>
    </message>
    <message>
        <source>Last completed step</source>
        <translation>Letzter abgeschlossener Schritt</translation>
    </message>
    <message>
        <source>Server now</source>
        <translation>Server aktuell</translation>
    </message>
    <message>
        <source>Time to first token against load</source>
        <translation>Zeit bis zum ersten Token über der Last</translation>
    </message>
    <message>
        <source>Chart: tail time to first token against concurrency</source>
        <translation>Diagramm: Tail-Latenz der Zeit bis zum ersten Token über der Parallelität</translation>
    </message>
    <message>
        <source>Time per output token against load</source>
        <translation>Zeit pro Ausgabe-Token über der Last</translation>
    </message>
    <message>
        <source>Chart: tail time per output token against concurrency</source>
        <translation>Diagramm: Tail-Latenz der Zeit pro Ausgabe-Token über der Parallelität</translation>
    </message>
    <message>
        <source>Chart: output throughput against tail TTFT, one point per concurrency step</source>
        <translation>Diagramm: Ausgabedurchsatz über der Tail-TTFT, ein Punkt pro Parallelitätsstufe</translation>
    </message>
    <message>
        <source>Throughput against latency</source>
        <translation>Durchsatz über der Latenz</translation>
    </message>
    <message>
        <source>Output tokens/s</source>
        <translation>Ausgabe-Tokens/s</translation>
    </message>
    <message>
        <source>Concurrency sweep</source>
        <translation>Parallelitäts-Sweep</translation>
    </message>
    <message>
        <source>Chart: the server&apos;s KV cache usage, running and waiting requests over time</source>
        <translation>Diagramm: KV-Cache-Belegung des Servers sowie laufende und wartende Anfragen über der Zeit</translation>
    </message>
    <message>
        <source>Server: KV cache and queue</source>
        <translation>Server: KV-Cache und Warteschlange</translation>
    </message>
    <message>
        <source>KV cache used (%)</source>
        <translation>KV-Cache belegt (%)</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Anfragen</translation>
    </message>
    <message>
        <source>KV cache used</source>
        <translation>KV-Cache belegt</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Laufend</translation>
    </message>
    <message>
        <source>Waiting (queue)</source>
        <translation>Wartend (Warteschlange)</translation>
    </message>
    <message>
        <source>Concurrent requests</source>
        <translation>Gleichzeitige Anfragen</translation>
    </message>
    <message>
        <source>Last completed step: none yet.</source>
        <translation>Letzter abgeschlossener Schritt: noch keiner.</translation>
    </message>
    <message>
        <source>On the server now: no /metrics sample yet.</source>
        <translation>Aktuell auf dem Server: noch kein /metrics-Messwert.</translation>
    </message>
    <message>
        <source>TTFT %1 (ms)</source>
        <translation>TTFT %1 (ms)</translation>
    </message>
    <message>
        <source>Time since the start (s)</source>
        <translation>Zeit seit dem Start (s)</translation>
    </message>
    <message>
        <source>%1 %2 (ms)</source>
        <translation>%1 %2 (ms)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Target, %1 ms</source>
        <translation>Zielwert, %1 ms</translation>
    </message>
    <message>
        <source>Benchmarking %1</source>
        <translation>Benchmark von %1</translation>
    </message>
    <message>
        <source>Starting</source>
        <translation>Wird gestartet</translation>
    </message>
    <message>
        <source>Run %1 against %2</source>
        <translation>Lauf %1 gegen %2</translation>
    </message>
    <message>
        <source>Time since the start (s, the server&apos;s clock)</source>
        <translation>Zeit seit dem Start (s, Uhr des Servers)</translation>
    </message>
    <message>
        <source>The server is simulated at %1× speed: every figure is in its time; the time left is real time.</source>
        <translation>Der Server wird mit %1-facher Geschwindigkeit simuliert: Alle Werte sind in seiner Zeit angegeben; die Restzeit ist echte Zeit.</translation>
    </message>
    <message>
        <source>Checking the server</source>
        <translation>Server wird geprüft</translation>
    </message>
    <message>
        <source>Detecting what the server is</source>
        <translation>Servertyp wird erkannt</translation>
    </message>
    <message>
        <source>Preparing the prompts</source>
        <translation>Prompts werden vorbereitet</translation>
    </message>
    <message>
        <source>The sweep stops early: %1</source>
        <translation>Der Sweep endet vorzeitig: %1</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Basismessung</translation>
    </message>
    <message>
        <source>concurrency sweep</source>
        <translation>Parallelitäts-Sweep</translation>
    </message>
    <message>
        <source>rate sweep</source>
        <translation>Raten-Sweep</translation>
    </message>
    <message>
        <source>request size</source>
        <translation>Anfragegröße</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 of %2 steps</source>
        <translation>%1 von %2 Schritten</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>Schritt %1 von %2: %3</translation>
    </message>
    <message>
        <source>%1 of %2 steps, estimating the time left</source>
        <translation>%1 von %2 Schritten, Restzeit wird geschätzt</translation>
    </message>
    <message>
        <source>%1 of %2 steps, about %3 left</source>
        <translation>%1 von %2 Schritten, noch etwa %3</translation>
    </message>
    <message>
        <source>Concurrency %1</source>
        <translation>Parallelität %1</translation>
    </message>
    <message>
        <source>%1 requests/s</source>
        <translation>%1 Anfragen/s</translation>
    </message>
    <message>
        <source>concurrency %1</source>
        <translation>Parallelität %1</translation>
    </message>
    <message>
        <source>Last step (%1, %2): no measured request completed.</source>
        <translation>Letzter Schritt (%1, %2): Keine gemessene Anfrage wurde abgeschlossen.</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>Last completed step (%1, %2): TTFT %3 %4 ms · TPOT %3 %5 ms · %6 output tokens/s · %7 of %8 requests succeeded</source>
        <translation>Letzter abgeschlossener Schritt (%1, %2): TTFT %3 %4 ms · TPOT %3 %5 ms · %6 Ausgabe-Tokens/s · %7 von %8 Anfragen erfolgreich</translation>
    </message>
    <message>
        <source>On the server now: %1 running, %2 waiting, KV cache %3% used</source>
        <translation>Aktuell auf dem Server: %1 laufend, %2 wartend, KV-Cache zu %3 % belegt</translation>
    </message>
    <message>
        <source>Run complete.</source>
        <translation>Lauf abgeschlossen.</translation>
    </message>
    <message>
        <source>Stopped. Completed steps are kept.</source>
        <translation>Gestoppt. Abgeschlossene Schritte bleiben erhalten.</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>Der Lauf ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird gestoppt…</translation>
    </message>
    <message>
        <source>Stopping: the step in progress is cancelled, completed steps are kept.</source>
        <translation>Wird gestoppt: Der laufende Schritt wird abgebrochen, abgeschlossene Schritte bleiben erhalten.</translation>
    </message>
    <message>
        <source>TTFT target, %1 ms</source>
        <translation>TTFT-Zielwert, %1 ms</translation>
    </message>
    <message>
        <source>TTFT target, %1 ms (off the chart)</source>
        <translation>TTFT-Zielwert, %1 ms (außerhalb des Diagramms)</translation>
    </message>
    <message>
        <source>%1: TTFT %2 %3 ms, %4 output tokens/s</source>
        <translation>%1: TTFT %2 %3 ms, %4 Ausgabe-Tokens/s</translation>
    </message>
</context>
<context>
    <name>kp::ui::MainWindow</name>
    <message>
        <source>Kneepoint</source>
        <translation>Kneepoint</translation>
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
    <message>
        <source>&lt;h2&gt;Kneepoint&lt;/h2&gt;&lt;p&gt;How many users can your server really take?&lt;/p&gt;&lt;p&gt;Choose &lt;b&gt;New run&lt;/b&gt; to measure a vLLM server, or &lt;b&gt;Demo run&lt;/b&gt; to measure the built-in simulated one. Stored runs are listed on the left.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Kneepoint&lt;/h2&gt;&lt;p&gt;Wie viele Nutzer verkraftet Ihr Server wirklich?&lt;/p&gt;&lt;p&gt;Wählen Sie &lt;b&gt;Neuer Lauf&lt;/b&gt;, um einen vLLM-Server zu messen, oder &lt;b&gt;Demo-Lauf&lt;/b&gt;, um den eingebauten simulierten Server zu messen. Gespeicherte Läufe stehen links.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Kneepoint&lt;/h2&gt;&lt;p&gt;The run history could not be opened.&lt;/p&gt;&lt;p&gt;%1&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Kneepoint&lt;/h2&gt;&lt;p&gt;Die Lauf-Historie konnte nicht geöffnet werden.&lt;/p&gt;&lt;p&gt;%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Run complete.</source>
        <translation>Lauf abgeschlossen.</translation>
    </message>
    <message>
        <source>Runs are stored in %1</source>
        <translation>Läufe werden in %1 gespeichert</translation>
    </message>
    <message>
        <source>&amp;New run…</source>
        <translation>&amp;Neuer Lauf…</translation>
    </message>
    <message>
        <source>&amp;Demo run</source>
        <translation>&amp;Demo-Lauf</translation>
    </message>
    <message>
        <source>&amp;Stop run</source>
        <translation>Lauf &amp;stoppen</translation>
    </message>
    <message>
        <source>&amp;Compare runs…</source>
        <translation>Läufe &amp;vergleichen…</translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation>Bericht &amp;exportieren…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Print report…</source>
        <translation>Bericht dr&amp;ucken…</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>&amp;Lektionen</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Lauf</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Hauptwerkzeugleiste</translation>
    </message>
    <message>
        <source>Reading run %1…</source>
        <translation>Lauf %1 wird gelesen…</translation>
    </message>
    <message>
        <source>A run is already in progress.</source>
        <translation>Es ist bereits ein Lauf im Gange.</translation>
    </message>
    <message>
        <source>Starting the built-in simulated vLLM server…</source>
        <translation>Der eingebaute simulierte vLLM-Server wird gestartet…</translation>
    </message>
    <message>
        <source>Measuring the simulated server at %1</source>
        <translation>Der simulierte Server unter %1 wird gemessen</translation>
    </message>
    <message>
        <source>Demo</source>
        <translation>Demo</translation>
    </message>
    <message>
        <source>The demo could not start: %1</source>
        <translation>Die Demo konnte nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
    <message>
        <source>Compare runs</source>
        <translation>Läufe vergleichen</translation>
    </message>
    <message>
        <source>Comparing needs two stored runs.</source>
        <translation>Für einen Vergleich sind zwei gespeicherte Läufe nötig.</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>A run is in progress. Stop it and quit? Completed steps are kept.</source>
        <translation>Ein Lauf ist im Gange. Lauf stoppen und beenden? Abgeschlossene Schritte bleiben erhalten.</translation>
    </message>
    <message>
        <source>S&amp;ettings…</source>
        <translation>E&amp;instellungen…</translation>
    </message>
</context>
<context>
    <name>kp::ui::PlanPage</name>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>The sweep: a one-user baseline, then each concurrency level in turn. The run stops early once the targets are clearly broken.</source>
        <translation>Der Sweep: eine Basismessung mit einem Nutzer, dann nacheinander jede Parallelitätsstufe. Der Lauf endet vorzeitig, sobald die Zielwerte klar verfehlt werden.</translation>
    </message>
    <message>
        <source>Concurrency levels</source>
        <translation>Parallelitätsstufen</translation>
    </message>
    <message>
        <source>Users at once, comma-separated, such as 1, 2, 4, 8, 16, 32</source>
        <translation>Gleichzeitige Nutzer, durch Kommas getrennt, etwa 1, 2, 4, 8, 16, 32</translation>
    </message>
    <message>
        <source>Requests per step</source>
        <translation>Anfragen pro Schritt</translation>
    </message>
    <message>
        <source>Automatic: twice the users, at least 16</source>
        <translation>Automatisch: doppelt so viele wie Nutzer, mindestens 16</translation>
    </message>
    <message>
        <source>Also sweep request &amp;rates (open loop):</source>
        <translation>Zusätzlich Anfrage&amp;raten variieren (Open Loop):</translation>
    </message>
    <message>
        <source>Also sweep request rates</source>
        <translation>Zusätzlich Anfrageraten variieren</translation>
    </message>
    <message>
        <source>Request rates per second</source>
        <translation>Anfrageraten pro Sekunde</translation>
    </message>
    <message>
        <source>Requests per second, such as 1, 2, 4, 8</source>
        <translation>Anfragen pro Sekunde, etwa 1, 2, 4, 8</translation>
    </message>
    <message>
        <source>Requests arrive on their own schedule, as from many independent users, whether or not the server keeps up.</source>
        <translation>Die Anfragen treffen nach eigenem Zeitplan ein, wie von vielen unabhängigen Nutzern, ob der Server mithält oder nicht.</translation>
    </message>
    <message>
        <source>Estimated duration</source>
        <translation>Geschätzte Dauer</translation>
    </message>
    <message>
        <source>&amp;Concurrency levels:</source>
        <translation>&amp;Parallelitätsstufen:</translation>
    </message>
    <message>
        <source>Re&amp;quests per step:</source>
        <translation>&amp;Anfragen pro Schritt:</translation>
    </message>
    <message>
        <source>Estimated duration:</source>
        <translation>Geschätzte Dauer:</translation>
    </message>
    <message>
        <source>“%1” is not a number of users: write whole numbers from 1 to %2, such as 1, 2, 4, 8.</source>
        <translation>„%1“ ist keine Nutzerzahl: Geben Sie ganze Zahlen von 1 bis %2 ein, etwa 1, 2, 4, 8.</translation>
    </message>
    <message>
        <source>Give at least one concurrency level, such as 1, 2, 4, 8, 16, 32.</source>
        <translation>Geben Sie mindestens eine Parallelitätsstufe an, etwa 1, 2, 4, 8, 16, 32.</translation>
    </message>
    <message>
        <source>“%1” is not a request rate: write requests per second above zero, such as 0.5, 2, 8.</source>
        <translation>„%1“ ist keine Anfragerate: Geben Sie Anfragen pro Sekunde größer null ein, etwa 0.5, 2, 8.</translation>
    </message>
    <message>
        <source>Give at least one rate, or turn the rate sweep off.</source>
        <translation>Geben Sie mindestens eine Rate an oder schalten Sie den Raten-Sweep ab.</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Estimated as if every request took as long as the targets allow: a real server under its capacity is faster.</source>
        <translation>Geschätzt, als dauerte jede Anfrage so lange, wie die Zielwerte erlauben: Ein realer Server unterhalb seiner Kapazität ist schneller.</translation>
    </message>
    <message>
        <source>Estimated from what the %1 can physically do with this model, at a typical half of its bandwidth and the simulated server&apos;s %2× speed.</source>
        <translation>Geschätzt aus dem, was die %1 mit diesem Modell physikalisch leisten kann, bei typischerweise der Hälfte ihrer Bandbreite und der %2-fachen Geschwindigkeit des simulierten Servers.</translation>
    </message>
    <message>
        <source>Estimated from what the %1 can physically do with this model, at a typical half of its bandwidth.</source>
        <translation>Geschätzt aus dem, was die %1 mit diesem Modell physikalisch leisten kann, bei typischerweise der Hälfte ihrer Bandbreite.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (an estimate). %2 The run stops sooner once the targets are clearly broken.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (geschätzt). %2 Der Lauf endet früher, sobald die Zielwerte klar verfehlt werden.</translation>
    </message>
</context>
<context>
    <name>kp::ui::ReportExport</name>
    <message>
        <source>PDF (*.pdf);;HTML page (*.html);;Markdown (*.md);;JSON, every number (*.json);;CSV, one row per step (*.csv)</source>
        <translation>PDF (*.pdf);;HTML-Seite (*.html);;Markdown (*.md);;JSON, alle Zahlen (*.json);;CSV, eine Zeile pro Schritt (*.csv)</translation>
    </message>
    <message>
        <source>Kneepoint writes .pdf, .html, .md, .json and .csv reports; &apos;%1&apos; is none of them.</source>
        <translation>Kneepoint schreibt Berichte als .pdf, .html, .md, .json und .csv; „%1“ ist keines davon.</translation>
    </message>
    <message>
        <source>Could not write %1: %2. Check that the folder exists and has space.</source>
        <translation>%1 konnte nicht geschrieben werden: %2. Prüfen Sie, ob der Ordner existiert und genug freier Platz vorhanden ist.</translation>
    </message>
</context>
<context>
    <name>kp::ui::ReportView</name>
    <message>
        <source>No run selected</source>
        <translation>Kein Lauf ausgewählt</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Fazit</translation>
    </message>
    <message>
        <source>What if</source>
        <translation>Was wäre, wenn</translation>
    </message>
    <message>
        <source>Capacity: %1 at p%2 (limited by %3).</source>
        <translation>Kapazität: %1 bei p%2 (begrenzt durch %3).</translation>
    </message>
    <message>
        <source>Capacity: at least %1 (every load measured met the targets).</source>
        <translation>Kapazität: mindestens %1 (jede gemessene Last hielt die Zielwerte ein).</translation>
    </message>
    <message>
        <source>Capacity: below %1 (even the lowest load missed the targets).</source>
        <translation>Kapazität: unter %1 (selbst die niedrigste Last verfehlte die Zielwerte).</translation>
    </message>
    <message>
        <source>Capacity: not measured.</source>
        <translation>Kapazität: nicht gemessen.</translation>
    </message>
    <message>
        <source>Scorecard</source>
        <translation>Bewertungsübersicht</translation>
    </message>
    <message>
        <source>Before you trust these numbers</source>
        <translation>Bevor Sie diesen Zahlen vertrauen</translation>
    </message>
    <message>
        <source>Findings that need attention</source>
        <translation>Befunde, die Aufmerksamkeit erfordern</translation>
    </message>
    <message>
        <source>&lt;b&gt;Measured:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Gemessen:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Meaning:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Bedeutung:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Why:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Warum:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Lesson: %1</source>
        <translation>Lektion: %1</translation>
    </message>
    <message>
        <source>Try these next</source>
        <translation>Als Nächstes ausprobieren</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy %1</source>
        <translation>%1 kopieren</translation>
    </message>
    <message>
        <source>Copy all flags</source>
        <translation>Alle Flags kopieren</translation>
    </message>
    <message>
        <source>Background (%1)</source>
        <translation>Hintergrund (%1)</translation>
    </message>
    <message>
        <source>Healthy</source>
        <translation>Unauffällig</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Belege</translation>
    </message>
    <message>
        <source>The three walls</source>
        <translation>Die drei Grenzen</translation>
    </message>
    <message>
        <source>Physics check</source>
        <translation>Physik-Check</translation>
    </message>
    <message>
        <source>Every request</source>
        <translation>Jede Anfrage</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Anfragen</translation>
    </message>
</context>
<context>
    <name>kp::ui::ReportWorker</name>
    <message>
        <source>No run is loaded.</source>
        <translation>Es ist kein Lauf geladen.</translation>
    </message>
</context>
<context>
    <name>kp::ui::RequestTableModel</name>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Last</translation>
    </message>
    <message>
        <source>TTFT (ms)</source>
        <translation>TTFT (ms)</translation>
    </message>
    <message>
        <source>TPOT (ms)</source>
        <translation>TPOT (ms)</translation>
    </message>
    <message>
        <source>E2EL (ms)</source>
        <translation>E2EL (ms)</translation>
    </message>
</context>
<context>
    <name>kp::ui::RunHistoryModel</name>
    <message>
        <source>demo</source>
        <translation>Demo</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>incomplete</source>
        <translation>unvollständig</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Anfragen</translation>
    </message>
</context>
<context>
    <name>kp::ui::RunHistoryView</name>
    <message>
        <source>Search runs</source>
        <translation>Läufe durchsuchen</translation>
    </message>
    <message>
        <source>Show runs with status</source>
        <translation>Läufe mit Status anzeigen</translation>
    </message>
    <message>
        <source>All runs</source>
        <translation>Alle Läufe</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>incomplete</source>
        <translation>unvollständig</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>demo</source>
        <translation>Demo</translation>
    </message>
    <message>
        <source>Run history</source>
        <translation>Lauf-Historie</translation>
    </message>
</context>
<context>
    <name>kp::ui::ServerPage</name>
    <message>
        <source>“%1” is not a URL. Type the server&apos;s address, such as http://127.0.0.1:8000.</source>
        <translation>„%1“ ist keine URL. Geben Sie die Adresse des Servers ein, etwa http://127.0.0.1:8000.</translation>
    </message>
    <message>
        <source>Kneepoint talks to servers over http:// or https://, not %1://.</source>
        <translation>Kneepoint spricht mit Servern über http:// oder https://, nicht über %1://.</translation>
    </message>
    <message>
        <source>The address names no host. Type it as http://HOST:PORT.</source>
        <translation>Die Adresse nennt keinen Host. Geben Sie sie als http://HOST:PORT ein.</translation>
    </message>
    <message>
        <source>Only the scheme, host and port are used (%1): Kneepoint adds /v1/… and the other paths itself.</source>
        <translation>Nur Schema, Host und Port werden verwendet (%1): Kneepoint ergänzt /v1/… und die übrigen Pfade selbst.</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>warn</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>nicht bestanden</translation>
    </message>
    <message>
        <source>skip</source>
        <translation>übersprungen</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Where the vLLM server listens. Detect checks that it can be benchmarked and reads what it serves.</source>
        <translation>Wo der vLLM-Server lauscht. „Erkennen“ prüft, ob er sich benchmarken lässt, und liest aus, was er bereitstellt.</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>Server-URL</translation>
    </message>
    <message>
        <source>&amp;Detect</source>
        <translation>&amp;Erkennen</translation>
    </message>
    <message>
        <source>Detect the server</source>
        <translation>Server erkennen</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>Sent as a bearer token. Kept in memory for this run only; never saved.</source>
        <translation>Wird als Bearer-Token gesendet. Nur für diesen Lauf im Speicher gehalten; nie gespeichert.</translation>
    </message>
    <message>
        <source>Taken from KNEEPOINT_API_KEY. Sent as a bearer token; kept in memory only, never saved.</source>
        <translation>Aus KNEEPOINT_API_KEY übernommen. Wird als Bearer-Token gesendet; nur im Speicher gehalten, nie gespeichert.</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;API key:</source>
        <translation>API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <source>Detect is optional but recommended: it finds problems before a run does.</source>
        <translation>„Erkennen“ ist optional, aber empfohlen: Es findet Probleme, bevor ein Lauf auf sie stößt.</translation>
    </message>
    <message>
        <source>What the server reports</source>
        <translation>Was der Server meldet</translation>
    </message>
    <message>
        <source>vLLM version</source>
        <translation>vLLM-Version</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Kontextlänge</translation>
    </message>
    <message>
        <source>KV cache capacity</source>
        <translation>KV-Cache-Kapazität</translation>
    </message>
    <message>
        <source>vLLM version:</source>
        <translation>vLLM-Version:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>Context length:</source>
        <translation>Kontextlänge:</translation>
    </message>
    <message>
        <source>KV cache capacity:</source>
        <translation>KV-Cache-Kapazität:</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>Prüfungen</translation>
    </message>
    <message>
        <source>Each check appears here as Detect runs it, with a fix for any problem.</source>
        <translation>Jede Prüfung erscheint hier, sobald „Erkennen“ sie ausführt, mit einer Lösung für jedes Problem.</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>%1 wird geprüft…</translation>
    </message>
    <message>
        <source>Checking… %1 done</source>
        <translation>Prüfung läuft… %1 erledigt</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>Befund</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fix:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Lösung:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>One check failed.</source>
        <translation>Eine Prüfung ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>%1 checks failed.</source>
        <translation>%1 Prüfungen sind fehlgeschlagen.</translation>
    </message>
    <message>
        <source>The server cannot be benchmarked as it is: see the fixes below. You can still go on, but the run will probably fail.</source>
        <translation>Der Server lässt sich so nicht benchmarken: Siehe die Lösungen unten. Sie können trotzdem fortfahren, aber der Lauf wird wahrscheinlich fehlschlagen.</translation>
    </message>
    <message>
        <source>The server can be benchmarked; the warning below makes some findings less certain.</source>
        <translation>Der Server lässt sich benchmarken; die Warnung unten macht einige Befunde weniger sicher.</translation>
    </message>
    <message>
        <source>The server can be benchmarked; the %1 warnings below make some findings less certain.</source>
        <translation>Der Server lässt sich benchmarken; die %1 Warnungen unten machen einige Befunde weniger sicher.</translation>
    </message>
    <message>
        <source>The server can be benchmarked: every check passed.</source>
        <translation>Der Server lässt sich benchmarken: Alle Prüfungen bestanden.</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>nicht gefunden</translation>
    </message>
    <message>
        <source>%1 (Kneepoint&apos;s simulated server, %2× speed)</source>
        <translation>%1 (simulierter Server von Kneepoint, %2-fache Geschwindigkeit)</translation>
    </message>
    <message>
        <source>%1 (loaded from %2)</source>
        <translation>%1 (geladen aus %2)</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>not visible (needs /metrics)</source>
        <translation>nicht sichtbar (erfordert /metrics)</translation>
    </message>
</context>
<context>
    <name>kp::ui::SettingsDialog</name>
    <message>
        <source>Measure the demo again at the next start</source>
        <translation>Beim nächsten Start die Demo erneut messen</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Run history file</source>
        <translation>Datei des Laufverlaufs</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Kneepoint database (*.sqlite)</source>
        <translation>Kneepoint-Datenbank (*.sqlite)</translation>
    </message>
    <message>
        <source>Run history</source>
        <translation>Laufverlauf</translation>
    </message>
    <message>
        <source>KNEEPOINT_DB is set, so it decides where runs are stored; this choice applies once it is not.</source>
        <translation>KNEEPOINT_DB ist gesetzt und bestimmt daher, wo Läufe gespeichert werden; diese Auswahl gilt, sobald es nicht mehr gesetzt ist.</translation>
    </message>
    <message>
        <source>A new location is used from the next start; the runs stored so far stay where they are.</source>
        <translation>Ein neuer Speicherort gilt ab dem nächsten Start; die bisher gespeicherten Läufe bleiben, wo sie sind.</translation>
    </message>
</context>
<context>
    <name>kp::ui::SpecChartView</name>
    <message>
        <source>No data</source>
        <translation>Keine Daten</translation>
    </message>
    <message>
        <source>%1: no data</source>
        <translation>%1: keine Daten</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>Diagramm</translation>
    </message>
</context>
<context>
    <name>kp::ui::TargetsPage</name>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Targets</source>
        <translation>Zielwerte</translation>
    </message>
    <message>
        <source>A load level meets the targets when the chosen percentile of every metric is at or below its target. Capacity is the highest load that does.</source>
        <translation>Eine Laststufe hält die Zielwerte ein, wenn das gewählte Perzentil jeder Metrik ihren Zielwert nicht überschreitet. Die Kapazität ist die höchste Last, für die das gilt.</translation>
    </message>
    <message>
        <source>Time to first token target</source>
        <translation>Zielwert für die Zeit bis zum ersten Token</translation>
    </message>
    <message>
        <source>Time per output token target</source>
        <translation>Zielwert für die Zeit pro Ausgabe-Token</translation>
    </message>
    <message>
        <source>&amp;End-to-end latency (E2EL):</source>
        <translation>&amp;End-to-End-Latenz (E2EL):</translation>
    </message>
    <message>
        <source>Use an end-to-end latency target</source>
        <translation>Zielwert für die End-to-End-Latenz verwenden</translation>
    </message>
    <message>
        <source>End-to-end latency target</source>
        <translation>Zielwert für die End-to-End-Latenz</translation>
    </message>
    <message>
        <source>Percentile</source>
        <translation>Perzentil</translation>
    </message>
    <message>
        <source>p%1</source>
        <translation>p%1</translation>
    </message>
    <message>
        <source>Use the product&apos;s default targets</source>
        <translation>Standard-Zielwerte des Produkttyps verwenden</translation>
    </message>
    <message>
        <source>&amp;Time to first token (TTFT):</source>
        <translation>Zeit bis zum ersten &amp;Token (TTFT):</translation>
    </message>
    <message>
        <source>Time &amp;per output token (TPOT):</source>
        <translation>Zeit &amp;pro Ausgabe-Token (TPOT):</translation>
    </message>
    <message>
        <source>Perc&amp;entile:</source>
        <translation>Perze&amp;ntil:</translation>
    </message>
    <message>
        <source>Optional: the whole request, first byte sent to last token received.</source>
        <translation>Optional: die gesamte Anfrage, vom ersten gesendeten Byte bis zum letzten empfangenen Token.</translation>
    </message>
    <message>
        <source>p99 is the usual promise: 99 in 100 requests at or under target. Higher percentiles need more requests per step to be trusted.</source>
        <translation>p99 ist die übliche Zusage: 99 von 100 Anfragen erreichen den Zielwert oder liegen darunter. Höhere Perzentile brauchen mehr Anfragen pro Schritt, um belastbar zu sein.</translation>
    </message>
    <message>
        <source>&amp;Defaults for this product (%1 ms, %2 ms)</source>
        <translation>&amp;Standardwerte für diesen Produkttyp (%1 ms, %2 ms)</translation>
    </message>
    <message>
        <source>The whole request cannot finish before its first token: make E2EL longer than the TTFT target (%1 ms).</source>
        <translation>Die gesamte Anfrage kann nicht vor ihrem ersten Token fertig sein: Setzen Sie E2EL höher als den TTFT-Zielwert (%1 ms).</translation>
    </message>
    <message>
        <source>With %1 output tokens, the TTFT and TPOT targets allow up to %2 ms: this E2EL target is the tighter one.</source>
        <translation>Bei %1 Ausgabe-Tokens erlauben die TTFT- und TPOT-Zielwerte bis zu %2 ms: Dieser E2EL-Zielwert ist der strengere.</translation>
    </message>
</context>
<context>
    <name>kp::ui::TrafficPage</name>
    <message>
        <source>RAG</source>
        <translation>RAG</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Reasoning</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Retrieval-augmented generation: long prompts of retrieved text, short answers.</source>
        <translation>Retrieval-Augmented Generation: lange Prompts aus abgerufenem Text, kurze Antworten.</translation>
    </message>
    <message>
        <source>Reasoning: short questions, long answers; steady streaming matters most.</source>
        <translation>Reasoning: kurze Fragen, lange Antworten; gleichmäßiges Streaming zählt am meisten.</translation>
    </message>
    <message>
        <source>Batch: nobody waits for one answer; throughput comes first.</source>
        <translation>Batch: Niemand wartet auf eine einzelne Antwort; der Durchsatz hat Vorrang.</translation>
    </message>
    <message>
        <source>Interactive chat: people wait for the first token, then read as the answer streams.</source>
        <translation>Interaktiver Chat: Menschen warten auf das erste Token und lesen dann mit, während die Antwort gestreamt wird.</translation>
    </message>
    <message>
        <source>Traffic</source>
        <translation>Traffic</translation>
    </message>
    <message>
        <source>What the requests look like. The product type also sets the default targets on the next page.</source>
        <translation>Wie die Anfragen aussehen. Der Produkttyp legt außerdem die Standard-Zielwerte auf der nächsten Seite fest.</translation>
    </message>
    <message>
        <source>Product type</source>
        <translation>Produkttyp</translation>
    </message>
    <message>
        <source>&amp;Synthetic requests of these sizes</source>
        <translation>&amp;Synthetische Anfragen dieser Größen</translation>
    </message>
    <message>
        <source>Synthetic request sizes</source>
        <translation>Synthetische Anfragegrößen</translation>
    </message>
    <message>
        <source>Requests from a &amp;JSONL data set</source>
        <translation>Anfragen aus einem &amp;JSONL-Datensatz</translation>
    </message>
    <message>
        <source>JSONL data set</source>
        <translation>JSONL-Datensatz</translation>
    </message>
    <message>
        <source>Preset request sizes</source>
        <translation>Vordefinierte Anfragegrößen</translation>
    </message>
    <message>
        <source>Your own request sizes</source>
        <translation>Eigene Anfragegrößen</translation>
    </message>
    <message>
        <source>IN/OUT tokens, comma-separated, such as 2000/300, 8000/500</source>
        <translation>IN/OUT-Tokens, durch Kommas getrennt, etwa 2000/300, 8000/500</translation>
    </message>
    <message>
        <source>The first size is swept over the concurrency levels; each further size is measured at one moderate load.</source>
        <translation>Die erste Größe durchläuft alle Parallelitätsstufen; jede weitere Größe wird bei einer moderaten Last gemessen.</translation>
    </message>
    <message>
        <source>JSONL data set file</source>
        <translation>JSONL-Datensatzdatei</translation>
    </message>
    <message>
        <source>One request per line: {&quot;prompt&quot;: …} or {&quot;messages&quot;: […]}</source>
        <translation>Eine Anfrage pro Zeile: {&quot;prompt&quot;: …} oder {&quot;messages&quot;: […]}</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>Choose the data set file</source>
        <translation>Datensatzdatei auswählen</translation>
    </message>
    <message>
        <source>&amp;Product type:</source>
        <translation>&amp;Produkttyp:</translation>
    </message>
    <message>
        <source>P&amp;resets:</source>
        <translation>&amp;Vorlagen:</translation>
    </message>
    <message>
        <source>Your &amp;own:</source>
        <translation>&amp;Eigene:</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>Da&amp;tei:</translation>
    </message>
    <message>
        <source>Choose a JSONL data set</source>
        <translation>JSONL-Datensatz auswählen</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.json *.txt);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.json *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 in / %2 out</source>
        <translation>%1 Eingabe / %2 Ausgabe</translation>
    </message>
    <message>
        <source>%1 (the %2 default)</source>
        <translation>%1 (Standard für %2)</translation>
    </message>
    <message>
        <source>“%1” is not a request size: write IN/OUT token counts above zero, such as 2000/300.</source>
        <translation>„%1“ ist keine Anfragegröße: Geben Sie IN/OUT-Tokenzahlen größer null ein, etwa 2000/300.</translation>
    </message>
    <message>
        <source>Choose a preset or write a size of your own, such as 2000/300.</source>
        <translation>Wählen Sie eine Vorlage oder geben Sie eine eigene Größe ein, etwa 2000/300.</translation>
    </message>
    <message>
        <source>%1 in + %2 out is more than the server&apos;s context of %3 tokens: it would reject these requests.</source>
        <translation>%1 Eingabe + %2 Ausgabe übersteigt den Kontext des Servers von %3 Tokens: Er würde diese Anfragen ablehnen.</translation>
    </message>
    <message>
        <source>Choose the JSONL file to replay.</source>
        <translation>Wählen Sie die JSONL-Datei, die abgespielt werden soll.</translation>
    </message>
    <message>
        <source>There is no file %1.</source>
        <translation>Es gibt keine Datei %1.</translation>
    </message>
    <message>
        <source>%1 is a folder; choose a JSONL file in it.</source>
        <translation>%1 ist ein Ordner; wählen Sie eine JSONL-Datei darin.</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The first line of %1 is not a request: each line should be a JSON object with &quot;prompt&quot; or &quot;messages&quot;.</source>
        <translation>Die erste Zeile von %1 ist keine Anfrage: Jede Zeile sollte ein JSON-Objekt mit &quot;prompt&quot; oder &quot;messages&quot; sein.</translation>
    </message>
    <message>
        <source>%1 is empty.</source>
        <translation>%1 ist leer.</translation>
    </message>
</context>
<context>
    <name>kp::ui::WhatIfPanel</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Time to first token target</source>
        <translation>Zielwert für die Zeit bis zum ersten Token</translation>
    </message>
    <message>
        <source>Time per output token target</source>
        <translation>Zielwert für die Zeit pro Ausgabe-Token</translation>
    </message>
    <message>
        <source>End-to-end latency target</source>
        <translation>Zielwert für die End-to-End-Latenz</translation>
    </message>
    <message>
        <source>E2EL</source>
        <translation>E2EL</translation>
    </message>
    <message>
        <source>Use an end-to-end latency target</source>
        <translation>Zielwert für die End-to-End-Latenz verwenden</translation>
    </message>
    <message>
        <source>Percentile the targets hold at</source>
        <translation>Perzentil, für das die Zielwerte gelten</translation>
    </message>
    <message>
        <source>GPU the physics check assumes</source>
        <translation>GPU, die der Physik-Check annimmt</translation>
    </message>
    <message>
        <source>Not given</source>
        <translation>Nicht angegeben</translation>
    </message>
    <message>
        <source>TTFT target</source>
        <translation>TTFT-Zielwert</translation>
    </message>
    <message>
        <source>TPOT target</source>
        <translation>TPOT-Zielwert</translation>
    </message>
    <message>
        <source>Percentile</source>
        <translation>Perzentil</translation>
    </message>
    <message>
        <source>Correct GPU</source>
        <translation>GPU korrigieren</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
</context>
</TS>
