<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>CapacityConfidence</name>
    <message>
        <source>%1 missed while %2 met every target</source>
        <translation>bei %1 wurde ein Zielwert verfehlt, während bei %2 jeder Zielwert eingehalten wurde</translation>
    </message>
    <message>
        <source>the measurement was disturbed at %1, below the capacity</source>
        <translation>die Messung war bei %1 gestört, unterhalb der Kapazität</translation>
    </message>
    <message>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <source> Confidence in this number: %1, since %2.</source>
        <translation> Vertrauen in diese Zahl: %1, denn %2.</translation>
    </message>
    <message>
        <source> Confidence: %1 (%2).</source>
        <translation> Vertrauen: %1 (%2).</translation>
    </message>
    <message>
        <source>the measurement was disturbed at %1 (see the doubts: the client, the simulator or another process), and the capacity rests on it</source>
        <translation>die Messung war bei %1 gestört (siehe die Zweifel: der Client, der Simulator oder ein anderer Prozess), und die Kapazität beruht darauf</translation>
    </message>
</context>
<context>
    <name>Disturbance</name>
    <message>
        <source>The server&apos;s time per token held steady within each step</source>
        <translation>Die Zeit pro Token des Servers blieb in jedem Schritt stabil</translation>
    </message>
    <message>
        <source>Something else may have slowed the server during a step</source>
        <translation>Etwas anderes könnte den Server während eines Schritts gebremst haben</translation>
    </message>
    <message>
        <source>No step had %1 requests with a time per token, too few to tell a drift from a few slow requests.</source>
        <translation>Kein Schritt hatte %1 Anfragen mit einer Zeit pro Token; zu wenige, um eine Drift von ein paar langsamen Anfragen zu unterscheiden.</translation>
    </message>
    <message>
        <source>; the machine&apos;s 1-minute load average was %1 on %2 cores</source>
        <translation>; die 1-Minuten-Last der Maschine lag bei %1 auf %2 Kernen</translation>
    </message>
    <message>
        <source>; the machine&apos;s 1-minute load average was %1</source>
        <translation>; die 1-Minuten-Last der Maschine lag bei %1</translation>
    </message>
    <message>
        <source>the median time per token went from %1 in the first third of its requests to %2 in the last (%3)</source>
        <translation>stieg die mittlere Zeit pro Token von %1 im ersten Drittel seiner Anfragen auf %2 im letzten (%3)</translation>
    </message>
    <message>
        <source>its median was %1 the one measured earlier at the same load</source>
        <translation>lag ihr Median beim %1 des zuvor bei derselben Last gemessenen</translation>
    </message>
    <message>
        <source>At %1 %2%3</source>
        <translation>Bei %1 %2%3</translation>
    </message>
    <message>
        <source>, and </source>
        <translation>, und </translation>
    </message>
    <message>
        <source>. At one load a server&apos;s time per token holds still; a change of %1 or more means another process (or a changing server) shared the machine, so these steps&apos; figures may not be the server&apos;s own: measure them again on a quiet machine.</source>
        <translation>. Bei gleicher Last bleibt die Zeit pro Token eines Servers stabil; eine Änderung um %1 oder mehr bedeutet, dass ein anderer Prozess (oder ein sich ändernder Server) die Maschine mitbenutzte, daher sind die Zahlen dieser Schritte womöglich nicht die des Servers selbst: Messen Sie sie auf einer ruhigen Maschine erneut.</translation>
    </message>
    <message>
        <source>In each of %1 steps the median time per token of the last third of its requests stayed within %2 of the first third&apos;s, and a repeated load within %2 of the first measurement; the widest was %3 at %4%5.</source>
        <translation>In jedem der %1 Schritte blieb die mittlere Zeit pro Token des letzten Drittels seiner Anfragen innerhalb von %2 der des ersten Drittels, und eine wiederholte Last innerhalb von %2 der ersten Messung; die größte Abweichung war %3 bei %4%5.</translation>
    </message>
    <message>
        <source>In each of %1 steps the median time per token of the last third of its requests stayed within %2 of the first third&apos;s; the widest was %3 at %4%5.</source>
        <translation>In jedem der %1 Schritte blieb die mittlere Zeit pro Token des letzten Drittels seiner Anfragen innerhalb von %2 der des ersten Drittels; die größte Abweichung war %3 bei %4%5.</translation>
    </message>
</context>
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
</context>
<context>
    <name>ExperimentReport</name>
    <message>
        <source>Kneepoint experiment %1</source>
        <translation>Kneepoint-Experiment %1</translation>
    </message>
    <message>
        <source>%1 setting of %2 for %3, against the baseline of run %4 (%5)</source>
        <translation>%1 Einstellung von %2 für %3, gegen die Basislinie von Lauf %4 (%5)</translation>
    </message>
    <message>
        <source>%1 settings of %2 for %3, against the baseline of run %4 (%5)</source>
        <translation>%1 Einstellungen von %2 für %3, gegen die Basislinie von Lauf %4 (%5)</translation>
    </message>
    <message>
        <source>an unknown model</source>
        <translation>ein unbekanntes Modell</translation>
    </message>
    <message>
        <source>Every trial is a stored run: kneepoint show RUN explains it, and kneepoint compare BASELINE RUN sets the two side by side with the same noise test.</source>
        <translation>Jeder Versuch ist ein gespeicherter Lauf: kneepoint show LAUF erklärt ihn, und kneepoint compare BASISLINIE LAUF stellt beide mit demselben Rauschtest nebeneinander.</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>Empfehlung</translation>
    </message>
    <message>
        <source>Trials, ranked by capacity</source>
        <translation>Versuche, nach Kapazität geordnet</translation>
    </message>
    <message>
        <source>The PDF could not be painted.</source>
        <translation>Das PDF konnte nicht gezeichnet werden.</translation>
    </message>
    <message>
        <source>Every number of this experiment, as JSON</source>
        <translation>Jede Zahl dieses Experiments, als JSON</translation>
    </message>
    <message>
        <source>--format is one of %1, not &apos;%2&apos;.</source>
        <translation>--format ist eines von %1, nicht &apos;%2&apos;.</translation>
    </message>
</context>
<context>
    <name>Findings</name>
    <message>
        <source>the server reports it off, so it was switched off at launch</source>
        <translation>der Server meldet die Funktion als ausgeschaltet, sie wurde also beim Start abgeschaltet</translation>
    </message>
    <message>
        <source>The KV cache fills up at %1</source>
        <translation>Der KV-Cache läuft bei %1 voll</translation>
    </message>
    <message>
        <source> The cache holds %1 tokens: about %2 requests of %3 tokens each at their longest.</source>
        <translation> Der Cache fasst %1 Tokens: etwa %2 Anfragen mit je %3 Tokens bei ihrer größten Länge.</translation>
    </message>
    <message>
        <source>Requests beyond what the cache holds wait for space or are preempted and recomputed, so their latency jumps.</source>
        <translation>Anfragen, die nicht mehr in den Cache passen, warten auf Platz oder werden verdrängt und neu berechnet, daher springt ihre Latenz nach oben.</translation>
    </message>
    <message>
        <source>Every token of every running request keeps its keys and values in GPU memory until the request ends; vLLM&apos;s V1 engine preempts by dropping a request&apos;s cache and recomputing it later.</source>
        <translation>Jedes Token jeder laufenden Anfrage hält seine Keys und Values im GPU-Speicher, bis die Anfrage endet; die V1-Engine von vLLM verdrängt eine Anfrage, indem sie deren Cache verwirft und später neu berechnet.</translation>
    </message>
    <message>
        <source>gives the KV cache the memory vLLM holds back (now %1)</source>
        <translation>gibt dem KV-Cache den Speicher, den vLLM zurückhält (derzeit %1)</translation>
    </message>
    <message>
        <source>halves the bytes per cached token, so about twice the requests fit</source>
        <translation>halbiert die Bytes pro gecachtem Token, sodass etwa doppelt so viele Anfragen hineinpassen</translation>
    </message>
    <message>
        <source>admits no more requests than fit, so they queue instead of being preempted</source>
        <translation>lässt nicht mehr Anfragen zu, als hineinpassen, sodass sie warten, statt verdrängt zu werden</translation>
    </message>
    <message>
        <source>splits the model over two GPUs, roughly doubling the memory left for the cache</source>
        <translation>verteilt das Modell auf zwei GPUs und verdoppelt so ungefähr den Speicher, der für den Cache bleibt</translation>
    </message>
    <message>
        <source>The scheduler caps the batch at %1 requests</source>
        <translation>Der Scheduler begrenzt den Batch auf %1 Anfragen</translation>
    </message>
    <message>
        <source>Throughput stopped growing at %1: %2. At %3 the server ran at most %4 requests while up to %5 waited, with the KV cache only %6 used.</source>
        <translation>Der Durchsatz wuchs ab %1 nicht mehr: %2. Bei %3 führte der Server höchstens %4 Anfragen gleichzeitig aus, während bis zu %5 warteten, obwohl der KV-Cache nur zu %6 belegt war.</translation>
    </message>
    <message>
        <source>The GPU has room for more requests, but the server will not batch them: the extra users only queue.</source>
        <translation>Die GPU hat Platz für mehr Anfragen, doch der Server nimmt sie nicht in den Batch auf: Die zusätzlichen Nutzer warten nur in der Warteschlange.</translation>
    </message>
    <message>
        <source>vLLM runs at most --max-num-seqs sequences per step; requests beyond it wait even when memory is free.</source>
        <translation>vLLM führt pro Schritt höchstens --max-num-seqs Sequenzen aus; weitere Anfragen warten, selbst wenn Speicher frei ist.</translation>
    </message>
    <message>
        <source>lets the batch grow into the free KV cache</source>
        <translation>lässt den Batch in den freien KV-Cache hineinwachsen</translation>
    </message>
    <message>
        <source>lets each step take more tokens when the batch grows</source>
        <translation>lässt jeden Schritt mehr Tokens aufnehmen, wenn der Batch wächst</translation>
    </message>
    <message>
        <source>The GPU is saturated from %1</source>
        <translation>Die GPU ist ab %1 ausgelastet</translation>
    </message>
    <message>
        <source>Throughput stopped growing: %1.</source>
        <translation>Der Durchsatz wächst nicht mehr: %1.</translation>
    </message>
    <message>
        <source>Beyond this load every extra user adds waiting time, not throughput.</source>
        <translation>Jenseits dieser Last bringt jeder zusätzliche Nutzer Wartezeit, keinen Durchsatz.</translation>
    </message>
    <message>
        <source>a second replica doubles throughput for a model that fits one GPU</source>
        <translation>eine zweite Replik verdoppelt den Durchsatz für ein Modell, das auf eine GPU passt</translation>
    </message>
    <message>
        <source>Time to first token misses the target even at %1</source>
        <translation>Die Zeit bis zum ersten Token verfehlt den Zielwert selbst bei %1</translation>
    </message>
    <message>
        <source>Time to first token crosses the target at %1</source>
        <translation>Die Zeit bis zum ersten Token überschreitet den Zielwert bei %1</translation>
    </message>
    <message>
        <source>Users wait longer than %1 for the answer to start.</source>
        <translation>Nutzer warten länger als %1, bis die Antwort beginnt.</translation>
    </message>
    <message>
        <source>A new request&apos;s prompt is processed (prefill) in steps shared with everyone else&apos;s decoding; under load it also waits for a place in the batch.</source>
        <translation>Der Prompt einer neuen Anfrage wird in Schritten verarbeitet (Prefill), die er sich mit dem Decoding aller anderen teilt; unter Last wartet er außerdem auf einen Platz im Batch.</translation>
    </message>
    <message>
        <source>prefills more prompt tokens per step, so first tokens come sooner</source>
        <translation>verarbeitet mehr Prompt-Tokens pro Schritt im Prefill, sodass erste Tokens früher kommen</translation>
    </message>
    <message>
        <source>lets short prompts start while a long one is still prefilling</source>
        <translation>lässt kurze Prompts starten, während ein langer noch im Prefill ist</translation>
    </message>
    <message>
        <source>skips prefill for prompt prefixes seen before</source>
        <translation>überspringt das Prefill für bereits gesehene Prompt-Präfixe</translation>
    </message>
    <message>
        <source>Time per output token misses the target even at %1</source>
        <translation>Die Zeit pro Ausgabe-Token verfehlt den Zielwert selbst bei %1</translation>
    </message>
    <message>
        <source>Time per output token crosses the target at %1</source>
        <translation>Die Zeit pro Ausgabe-Token überschreitet den Zielwert bei %1</translation>
    </message>
    <message>
        <source>Answers stream slower than %1 per token.</source>
        <translation>Antworten streamen langsamer als %1 pro Token.</translation>
    </message>
    <message>
        <source>Every decode step reads all the weights and every running request&apos;s KV cache; more requests and long prefills sharing a step make each step longer.</source>
        <translation>Jeder Decode-Schritt liest alle Gewichte und den KV-Cache jeder laufenden Anfrage; mehr Anfragen und lange Prefills im selben Schritt machen jeden Schritt länger.</translation>
    </message>
    <message>
        <source>smaller prefill chunks interrupt decoding less</source>
        <translation>kleinere Prefill-Stücke unterbrechen das Decoding weniger</translation>
    </message>
    <message>
        <source>halves the KV bytes each decode step reads</source>
        <translation>halbiert die KV-Bytes, die jeder Decode-Schritt liest</translation>
    </message>
    <message>
        <source>halves the weight bytes each decode step reads</source>
        <translation>halbiert die Gewichtsbytes, die jeder Decode-Schritt liest</translation>
    </message>
    <message>
        <source>End-to-end latency crosses the target at %1</source>
        <translation>Die End-to-End-Latenz überschreitet den Zielwert bei %1</translation>
    </message>
    <message>
        <source>Whole answers take longer than %1.</source>
        <translation>Ganze Antworten dauern länger als %1.</translation>
    </message>
    <message>
        <source>An answer&apos;s time is its first token plus every later token; both grow with load.</source>
        <translation>Die Zeit einer Antwort ist ihr erstes Token plus jedes weitere Token; beides wächst mit der Last.</translation>
    </message>
    <message>
        <source>%1 of %2 requests failed</source>
        <translation>%1 von %2 Anfragen sind fehlgeschlagen</translation>
    </message>
    <message>
        <source>Failures from %1: %2.</source>
        <translation>Fehlschläge ab %1: %2.</translation>
    </message>
    <message>
        <source>Failed requests count against every target: a user who got an error was not served.</source>
        <translation>Fehlgeschlagene Anfragen zählen gegen jeden Zielwert: Ein Nutzer, der einen Fehler erhielt, wurde nicht bedient.</translation>
    </message>
    <message>
        <source>429 answers come from a rate limit in a gateway or the server, not from the GPU.</source>
        <translation>429-Antworten stammen von einer Ratenbegrenzung in einem Gateway oder im Server, nicht von der GPU.</translation>
    </message>
    <message>
        <source>Errors under load usually mean timeouts in a proxy, the server running out of memory, or the server restarting.</source>
        <translation>Fehler unter Last bedeuten meist Zeitüberschreitungen in einem Proxy, einen Server, dem der Speicher ausgeht, oder einen Neustart des Servers.</translation>
    </message>
    <message>
        <source>rate limited (429)</source>
        <translation>durch Ratenbegrenzung abgewiesen (429)</translation>
    </message>
    <message>
        <source>server errors (5xx)</source>
        <translation>Serverfehler (5xx)</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>mit Zeitüberschreitung</translation>
    </message>
    <message>
        <source>cut off mid-stream</source>
        <translation>mitten im Stream abgebrochen</translation>
    </message>
    <message>
        <source>ended with an error event</source>
        <translation>mit einem Fehlerereignis beendet</translation>
    </message>
    <message>
        <source>refused connections</source>
        <translation>abgewiesene Verbindungen</translation>
    </message>
    <message>
        <source>other failures</source>
        <translation>sonstige Fehlschläge</translation>
    </message>
    <message>
        <source>Faster than %1 allows</source>
        <translation>Schneller, als %1 es erlaubt</translation>
    </message>
    <message>
        <source>One request took %1 per token; reading %2 of weights at %3&apos;s bandwidth takes at least %4.</source>
        <translation>Eine einzelne Anfrage brauchte %1 pro Token; %2 Gewichte mit der Bandbreite von %3 zu lesen, dauert mindestens %4.</translation>
    </message>
    <message>
        <source>The physics check cannot vouch for these numbers until the cause is known.</source>
        <translation>Der Physik-Check kann für diese Zahlen nicht bürgen, solange die Ursache unbekannt ist.</translation>
    </message>
    <message>
        <source>Likely: %1.</source>
        <translation>Wahrscheinlich: %1.</translation>
    </message>
    <message>
        <source>One request reaches %1 of what %2 allows</source>
        <translation>Eine einzelne Anfrage erreicht %1 dessen, was %2 erlaubt</translation>
    </message>
    <message>
        <source>TPOT of one request %1; the bandwidth floor for %2 is %3 (%4 per step at %5); at best %6 tokens per second for one user.</source>
        <translation>TPOT einer einzelnen Anfrage %1; die Bandbreitenuntergrenze für %2 liegt bei %3 (%4 pro Schritt bei %5); bestenfalls %6 Tokens pro Sekunde für einen Nutzer.</translation>
    </message>
    <message>
        <source> Assumed %1 GPUs, the fewest that hold the weights.</source>
        <translation> Angenommen wurden %1 GPUs, die wenigsten, die die Gewichte fassen.</translation>
    </message>
    <message>
        <source>Single-request decoding is close to the hardware&apos;s limit: well-tuned stacks reach 70–85%.</source>
        <translation>Das Decoding einer einzelnen Anfrage liegt nahe an der Grenze der Hardware: Gut abgestimmte Stacks erreichen 70–85%.</translation>
    </message>
    <message>
        <source>Single-request decoding is well below the hardware&apos;s limit (well-tuned stacks reach 70–85%): something besides reading the weights costs time.</source>
        <translation>Das Decoding einer einzelnen Anfrage liegt deutlich unter der Grenze der Hardware (gut abgestimmte Stacks erreichen 70–85%): Etwas anderes als das Lesen der Gewichte kostet Zeit.</translation>
    </message>
    <message>
        <source>Common causes: CUDA graphs off (--enforce-eager), a CPU-bound server, a slower GPU than entered, or network time inside each token.</source>
        <translation>Häufige Ursachen: CUDA-Graphen abgeschaltet (--enforce-eager), ein CPU-gebundener Server, eine langsamere GPU als eingetragen oder Netzwerkzeit in jedem Token.</translation>
    </message>
    <message>
        <source>the bandwidth of %1 × %2</source>
        <translation>der Bandbreite von %1 × %2</translation>
    </message>
    <message>
        <source>the bandwidth of one %1</source>
        <translation>der Bandbreite einer %1</translation>
    </message>
    <message>
        <source>The knee is at %1</source>
        <translation>Das Knie liegt bei %1</translation>
    </message>
    <message>
        <source>The most efficient operating point: run near it when cost matters more than latency.</source>
        <translation>Der effizienteste Betriebspunkt: Betreiben Sie den Server in seiner Nähe, wenn die Kosten mehr zählen als die Latenz.</translation>
    </message>
    <message>
        <source>A long tail at %1</source>
        <translation>Ein langer Tail bei %1</translation>
    </message>
    <message>
        <source>TTFT p%1 %2 is %3 times the median %4.</source>
        <translation>Die TTFT p%1 von %2 ist das %3-Fache des Medians von %4.</translation>
    </message>
    <message>
        <source>Most users are served much faster than the target&apos;s percentile suggests; a few wait far longer.</source>
        <translation>Die meisten Nutzer werden viel schneller bedient, als das Perzentil des Zielwerts vermuten lässt; einige wenige warten weit länger.</translation>
    </message>
    <message>
        <source>Requests that arrive while a batch is full, or behind a long prefill, wait a whole step or more.</source>
        <translation>Anfragen, die bei vollem Batch oder hinter einem langen Prefill eintreffen, warten einen ganzen Schritt oder länger.</translation>
    </message>
    <message>
        <source>Goodput holds %1 of requests within targets at every load measured</source>
        <translation>Der Goodput hält bei jeder gemessenen Last %1 der Anfragen innerhalb der Zielwerte</translation>
    </message>
    <message>
        <source>Fewer than %1 of requests meet every target even at the lowest load</source>
        <translation>Selbst bei der niedrigsten Last halten weniger als %1 der Anfragen jeden Zielwert ein</translation>
    </message>
    <message>
        <source>%1: %2 (%3 req/s)</source>
        <translation>bei %1: %2 (%3 Anfragen/s)</translation>
    </message>
    <message>
        <source>Share of requests meeting every target, failures counted against it: %1.</source>
        <translation>Anteil der Anfragen, die jeden Zielwert einhalten, Fehlschläge als verfehlt gezählt: %1.</translation>
    </message>
    <message>
        <source>Prefix caching is off</source>
        <translation>Prefix-Caching ist ausgeschaltet</translation>
    </message>
    <message>
        <source>The server reports prefix caching disabled.</source>
        <translation>Der Server meldet Prefix-Caching als deaktiviert.</translation>
    </message>
    <message>
        <source>Requests that share a system prompt or a document prefill it again every time.</source>
        <translation>Anfragen, die sich einen System-Prompt oder ein Dokument teilen, durchlaufen dafür jedes Mal erneut das Prefill.</translation>
    </message>
    <message>
        <source>reuses the KV cache of shared prompt prefixes</source>
        <translation>verwendet den KV-Cache gemeinsamer Prompt-Präfixe wieder</translation>
    </message>
    <message>
        <source>Memory has headroom</source>
        <translation>Der Speicher hat Reserven</translation>
    </message>
    <message>
        <source>with an event that was not valid JSON</source>
        <translation>mit einem Ereignis, das kein gültiges JSON war</translation>
    </message>
    <message>
        <source>with the server&apos;s name not found</source>
        <translation>bei denen der Name des Servers nicht gefunden wurde</translation>
    </message>
    <message>
        <source>failed TLS handshakes</source>
        <translation>gescheiterte TLS-Handshakes</translation>
    </message>
    <message>
        <source>refused as unauthorized (401/403)</source>
        <translation>als nicht autorisiert abgewiesen (401/403)</translation>
    </message>
    <message>
        <source>not found (404)</source>
        <translation>nicht gefunden (404)</translation>
    </message>
    <message>
        <source>other HTTP errors</source>
        <translation>andere HTTP-Fehler</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>The remedies Kneepoint knows for this are vLLM&apos;s flags, and this server did not say it is vLLM, so none is suggested.</source>
        <translation>Die Abhilfen, die Kneepoint dafür kennt, sind Flags von vLLM, und dieser Server hat nicht gesagt, dass er vLLM ist; daher wird keine vorgeschlagen.</translation>
    </message>
    <message>
        <source>The remedies Kneepoint knows for this are vLLM&apos;s flags, and this server is %1, so none is suggested.</source>
        <translation>Die Abhilfen, die Kneepoint dafür kennt, sind Flags von vLLM, und dieser Server ist %1; daher wird keine vorgeschlagen.</translation>
    </message>
    <message>
        <source>a llama-server flag; the server&apos;s build is unknown</source>
        <translation>ein Flag von llama-server; der Build des Servers ist unbekannt</translation>
    </message>
    <message>
        <source>a llama-server flag; Kneepoint keeps no facts of which builds accept it, so check it against build %1</source>
        <translation>ein Flag von llama-server; Kneepoint weiß nicht, welche Builds es annehmen, prüfen Sie es daher an Build %1</translation>
    </message>
    <message>
        <source>sets the number of slots, llama.cpp&apos;s limit on requests decoded together</source>
        <translation>setzt die Zahl der Slots, die Grenze von llama.cpp für gemeinsam dekodierte Anfragen</translation>
    </message>
    <message>
        <source>the context of all slots together: each slot gets --ctx-size divided by --parallel</source>
        <translation>der Kontext aller Slots zusammen: Jeder Slot erhält --ctx-size geteilt durch --parallel</translation>
    </message>
    <message>
        <source>reuses cached chunks of a slot&apos;s earlier prompts by shifting them (each slot already keeps its last prompt)</source>
        <translation>verwendet zwischengespeicherte Stücke früherer Prompts eines Slots durch Verschieben wieder (jeder Slot behält bereits seinen letzten Prompt)</translation>
    </message>
    <message>
        <source> (the first said: “%1”)</source>
        <translation> (die erste lautete: „%1“)</translation>
    </message>
    <message>
        <source>A bigger batch made every step longer by as much as it added. Whether that is the GPU&apos;s limit cannot be said: %1</source>
        <translation>Ein größerer Batch machte jeden Schritt um so viel länger, wie er hinzufügte. Ob das die Grenze der GPU ist, lässt sich nicht sagen: %1</translation>
    </message>
    <message>
        <source>A bigger batch made every step longer by as much as it added.</source>
        <translation>Ein größerer Batch machte jeden Schritt um so viel länger, wie er hinzufügte.</translation>
    </message>
    <message>
        <source>At %1 a decode step took %2 (median TPOT) against a floor of %3 for a batch of %4 on %5: the steps run at %6 of what the bandwidth allows, so a bigger batch makes each step longer.</source>
        <translation>Bei %1 dauerte ein Decode-Schritt %2 (Median der TPOT) bei einer Untergrenze von %3 für einen Batch von %4 auf %5: Die Schritte laufen mit %6 dessen, was die Bandbreite erlaubt, also macht ein größerer Batch jeden Schritt länger.</translation>
    </message>
    <message>
        <source>At %1 a decode step took %2 (median TPOT) against a floor of %3 for a batch of %4 on %5, only %6 of what the bandwidth allows: the GPU is not what stops growth. Look at the scheduler&apos;s caps, the server&apos;s CPU, and prefills interrupting decoding.</source>
        <translation>Bei %1 dauerte ein Decode-Schritt %2 (Median der TPOT) bei einer Untergrenze von %3 für einen Batch von %4 auf %5, nur %6 dessen, was die Bandbreite erlaubt: Nicht die GPU bremst das Wachstum. Prüfen Sie die Grenzen des Schedulers, die CPU des Servers und Prefills, die das Decoding unterbrechen.</translation>
    </message>
    <message>
        <source>halves the weight bytes each step reads (%1 has FP8)</source>
        <translation>halbiert die Gewichtsbytes, die jeder Schritt liest (%1 hat FP8)</translation>
    </message>
    <message>
        <source>One request&apos;s first token came %1 after the server had its prompt; prefilling it on %2 takes at least %3.</source>
        <translation>Das erste Token einer Anfrage kam %1, nachdem der Server ihren Prompt hatte; ihn auf %2 zu verarbeiten (Prefill) dauert mindestens %3.</translation>
    </message>
    <message>
        <source>The server is saturated from %1</source>
        <translation>Der Server ist ab %1 ausgelastet</translation>
    </message>
    <message>
        <source>Throughput stopped growing at %1: %2. At %3 the server ran at most %4 requests while up to %5 waited.</source>
        <translation>Der Durchsatz wuchs ab %1 nicht mehr: %2. Bei %3 lief der Server mit höchstens %4 Anfragen, während bis zu %5 warteten.</translation>
    </message>
    <message>
        <source>The server will not run more requests at once than this: the extra users only queue.</source>
        <translation>Mehr Anfragen zugleich führt der Server nicht aus: Die zusätzlichen Nutzer stehen nur an.</translation>
    </message>
    <message>
        <source>llama.cpp decodes at most one request per slot (--parallel); requests beyond its slots wait for one to free up.</source>
        <translation>llama.cpp dekodiert höchstens eine Anfrage pro Slot (--parallel); Anfragen darüber hinaus warten, bis einer frei wird.</translation>
    </message>
    <message>
        <source>The server runs at most a fixed number of requests at once, a setting of its scheduler; requests beyond it wait.</source>
        <translation>Der Server führt höchstens eine feste Zahl von Anfragen zugleich aus, eine Einstellung seines Schedulers; Anfragen darüber hinaus warten.</translation>
    </message>
    <message>
        <source>, %1 of its prompt tokens served from the cache</source>
        <translation>, %1 seiner Prompt-Tokens aus dem Cache bedient</translation>
    </message>
    <message>
        <source>, %1 of its prompt tokens served from the cache (/metrics)</source>
        <translation>, %1 seiner Prompt-Tokens aus dem Cache bedient (/metrics)</translation>
    </message>
    <message>
        <source>The baselines had %1 and %2 requests: too few for the medians&apos; 95% intervals, so the difference cannot be told from noise. More baseline requests would say.</source>
        <translation>Die Basismessungen hatten %1 und %2 Anfragen: zu wenige für die 95-%-Intervalle der Mediane, daher lässt sich der Unterschied nicht vom Rauschen trennen. Mehr Basisanfragen würden es zeigen.</translation>
    </message>
    <message>
        <source>The shared %1-token prefix and the conversations&apos; history</source>
        <translation>Das gemeinsame Präfix von %1 Tokens und der Verlauf der Gespräche</translation>
    </message>
    <message>
        <source>The shared %1-token prefix</source>
        <translation>Das gemeinsame Präfix von %1 Tokens</translation>
    </message>
    <message>
        <source>The conversations&apos; history</source>
        <translation>Der Verlauf der Gespräche</translation>
    </message>
    <message>
        <source>Median TTFT at 1 user: %1 as the workload shares its prompts%2; %3 with the same lengths and nothing shared (the uncached step).</source>
        <translation>Median-TTFT bei 1 Nutzer: %1, wenn die Last ihre Prompts teilt%2; %3 bei gleichen Längen ohne Geteiltes (der ungecachte Schritt).</translation>
    </message>
    <message>
        <source>%1 saved %2 of TTFT (%3)</source>
        <translation>%1 sparte %2 TTFT (%3)</translation>
    </message>
    <message>
        <source>The server kept the shared part&apos;s KV cache and prefilled only what each request added: such requests answer %1 sooner at 1 user, and under load the prefill time saved goes to other requests.</source>
        <translation>Der Server behielt den KV-Cache des geteilten Teils und füllte nur vor, was jede Anfrage hinzufügte: Solche Anfragen antworten bei 1 Nutzer %1 früher, und unter Last kommt die gesparte Prefill-Zeit anderen Anfragen zugute.</translation>
    </message>
    <message>
        <source>%1: what it saved is unknown</source>
        <translation>%1: Was es sparte, ist unbekannt</translation>
    </message>
    <message>
        <source>%1 saved no TTFT beyond noise</source>
        <translation>%1 sparte keine TTFT über das Rauschen hinaus</translation>
    </message>
    <message>
        <source>The two medians&apos; 95% intervals (%1 to %2, and %3 to %4) overlap: sharing saved less than the spread of the requests, or the server did not reuse what was shared.</source>
        <translation>Die 95-%-Intervalle der beiden Mediane (%1 bis %2 und %3 bis %4) überlappen: Das Teilen sparte weniger als die Streuung der Anfragen, oder der Server hat das Geteilte nicht wiederverwendet.</translation>
    </message>
    <message>
        <source>The KV cache stops the batch from growing at %1</source>
        <translation>Der KV-Cache hält den Batch bei %1 am Wachsen</translation>
    </message>
    <message>
        <source>the KV cache reached %1</source>
        <translation>der KV-Cache erreichte %1</translation>
    </message>
    <message>
        <source>%1 requests were preempted</source>
        <translation>%1 Anfragen wurden verdrängt</translation>
    </message>
    <message>
        <source>the server ran at most %1 at once</source>
        <translation>der Server bearbeitete höchstens %1 gleichzeitig</translation>
    </message>
    <message>
        <source>Throughput stopped growing: %1. At %2 %3.</source>
        <translation>Der Durchsatz wuchs nicht mehr: %1. Bei %2: %3.</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>The GPU is not what stops growth: the cache holds no more requests, so extra users wait for space or are preempted and recomputed.</source>
        <translation>Nicht die GPU bremst das Wachstum: Der Cache fasst keine weiteren Anfragen, also warten zusätzliche Nutzer auf Platz oder werden verdrängt und neu berechnet.</translation>
    </message>
    <message>
        <source>Every running request keeps its keys and values in GPU memory until it ends; once the cache is full the scheduler admits no more, and vLLM&apos;s V1 engine preempts by dropping a request&apos;s cache.</source>
        <translation>Jede laufende Anfrage hält ihre Keys und Values im GPU-Speicher, bis sie endet; ist der Cache voll, lässt der Scheduler keine weiteren zu, und die V1-Engine von vLLM verdrängt, indem sie den Cache einer Anfrage verwirft.</translation>
    </message>
    <message>
        <source>as the server reports</source>
        <translation>wie der Server meldet</translation>
    </message>
    <message>
        <source>as launched</source>
        <translation>wie gestartet</translation>
    </message>
    <message>
        <source>llama-server&apos;s default</source>
        <translation>Voreinstellung von llama-server</translation>
    </message>
    <message>
        <source>vLLM&apos;s default on %1</source>
        <translation>Voreinstellung von vLLM auf %1</translation>
    </message>
    <message>
        <source>at least, vLLM&apos;s default on any GPU</source>
        <translation>mindestens, die Voreinstellung von vLLM auf jeder GPU</translation>
    </message>
    <message>
        <source>now %1, %2</source>
        <translation>jetzt %1, %2</translation>
    </message>
    <message>
        <source>the setting now is not known</source>
        <translation>die jetzige Einstellung ist unbekannt</translation>
    </message>
    <message>
        <source>one step then holds the longest prompt sent at %1 (%2 tokens) and the %3 requests decoding beside it</source>
        <translation>ein Schritt fasst dann den längsten bei %1 gesendeten Prompt (%2 Tokens) und die %3 daneben dekodierenden Anfragen</translation>
    </message>
    <message>
        <source>one step then holds the longest prompt sent at %1 (%2 tokens)</source>
        <translation>ein Schritt fasst dann den längsten bei %1 gesendeten Prompt (%2 Tokens)</translation>
    </message>
    <message>
        <source>%1: the longest prompt sent at %2 (%3 tokens) is then prefilled over several steps, not in one (the setting now is %4, %5)</source>
        <translation>%1: Der längste bei %2 gesendete Prompt (%3 Tokens) wird dann über mehrere Schritte verarbeitet, nicht in einem (die Einstellung ist jetzt %4, %5)</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
    <message>
        <source>met</source>
        <translation>eingehalten</translation>
    </message>
    <message>
        <source>missed</source>
        <translation>verfehlt</translation>
    </message>
    <message>
        <source>%1 missed a target that %2 met</source>
        <translation>Bei %1 wurde ein Zielwert verfehlt, der bei %2 eingehalten wurde</translation>
    </message>
    <message>
        <source>%1 at p%2, against a target of %3: %4.</source>
        <translation>%1 bei p%2, gegen einen Zielwert von %3: %4.</translation>
    </message>
    <message>
        <source>More users cannot make a server faster, so one of these steps was disturbed (another process on the server or the client, a warm-up, a noisy window): the capacity, taken at the first miss, is uncertain.</source>
        <translation>Mehr Nutzer machen einen Server nicht schneller, also war einer dieser Schritte gestört (ein anderer Prozess auf dem Server oder dem Client, ein Aufwärmen, ein verrauschtes Fenster): Die Kapazität, beim ersten Verfehlen genommen, ist unsicher.</translation>
    </message>
    <message>
        <source>A step is a sample of a few seconds; anything else that ran on the machines in that time is in it.</source>
        <translation>Ein Schritt ist eine Stichprobe von wenigen Sekunden; alles andere, was in dieser Zeit auf den Maschinen lief, steckt darin.</translation>
    </message>
    <message>
        <source>Up to %1 added load bought throughput (%2 tokens/s there); beyond it, mostly latency: %3. The knee is %4.</source>
        <translation>Bis zu %1 brachte zusätzliche Last Durchsatz (dort %2 Tokens/s), darüber hinaus vor allem Latenz: %3. Das Knie ist %4.</translation>
    </message>
    <message>
        <source>Goodput capacity: %1 of requests met every target at once up to %2</source>
        <translation>Goodput-Kapazität: bis zu %2 hielten %1 der Anfragen jeden Zielwert zugleich ein</translation>
    </message>
    <message>
        <source>at least %1</source>
        <translation>mindestens %1</translation>
    </message>
    <message>
        <source>below %1</source>
        <translation>unter %1</translation>
    </message>
    <message>
        <source>A second measure, not the capacity: DistServe&apos;s goodput capacity is the most users at which at least %1 of requests meet every target at once. The capacity (%2, the number the verdict gives) is the most users at which each figure, judged on its own at p%3, meets its target.</source>
        <translation>Ein zweites Maß, nicht die Kapazität: Die Goodput-Kapazität nach DistServe ist die höchste Nutzerzahl, bei der mindestens %1 der Anfragen jeden Zielwert zugleich einhalten. Die Kapazität (%2, die Zahl des Fazits) ist die höchste Nutzerzahl, bei der jeder Wert für sich bei p%3 seinen Zielwert einhält.</translation>
    </message>
    <message>
        <source>%1 missed at first and met every target when measured again</source>
        <translation>Bei %1 wurde zuerst ein Zielwert verfehlt, bei der erneuten Messung jeder eingehalten</translation>
    </message>
    <message>
        <source>%1 missed again when measured again</source>
        <translation>Bei %1 wurde auch bei der erneuten Messung ein Zielwert verfehlt</translation>
    </message>
    <message>
        <source>%1 at p%2: %3 the first time (%4), %5 the second (%6). The curve takes the second.</source>
        <translation>%1 bei p%2: %3 beim ersten Mal (%4), %5 beim zweiten (%6). Die Kurve nimmt die zweite Messung.</translation>
    </message>
    <message>
        <source>The first measurement was disturbed (another process, a warm-up, a noisy window); a higher load had met every target, so the step was measured again before it could set the capacity.</source>
        <translation>Die erste Messung war gestört (ein anderer Prozess, ein Aufwärmen, ein verrauschtes Fenster); eine höhere Last hatte jeden Zielwert eingehalten, daher wurde der Schritt erneut gemessen, bevor er die Kapazität bestimmen durfte.</translation>
    </message>
    <message>
        <source>The miss held when measured again, while a higher load met every target: the curve is not monotone, and the capacity is uncertain.</source>
        <translation>Das Verfehlen blieb bei der erneuten Messung, während eine höhere Last jeden Zielwert einhielt: Die Kurve ist nicht monoton, und die Kapazität ist unsicher.</translation>
    </message>
    <message>
        <source>A gateway in front of the server answered with its own page (a rate limit, or no server to pass the request to): these are the gateway&apos;s refusals, not the server&apos;s failures.</source>
        <translation>Ein Gateway vor dem Server antwortete mit einer eigenen Seite (ein Ratenlimit, oder kein Server, an den es die Anfrage weitergeben konnte): Das sind Ablehnungen des Gateways, keine Fehler des Servers.</translation>
    </message>
    <message>
        <source>refused by a gateway in front of the server</source>
        <translation>von einem Gateway vor dem Server abgelehnt</translation>
    </message>
    <message>
        <source>%1 replayed at its recorded times</source>
        <translation>%1 zu seinen aufgezeichneten Zeiten nachgespielt</translation>
    </message>
    <message>
        <source>%1 requests of %2 (%3) from %4 s into it, at %5× the recorded speed: %6 s of arrivals, %7 on average.</source>
        <translation>%1 Anfragen aus %2 (%3) ab %4 s, mit dem %5-Fachen der aufgezeichneten Geschwindigkeit: %6 s Ankünfte, im Mittel %7.</translation>
    </message>
    <message>
        <source>Each request left within %1 of its time in the trace at p50 and %2 at p99 (%3 at most).</source>
        <translation>Jede Anfrage ging bei p50 innerhalb von %1 und bei p99 innerhalb von %2 nach ihrer Zeit im Trace hinaus (höchstens %3).</translation>
    </message>
    <message>
        <source>The server met the trace&apos;s bursts and lulls as recorded, not an even or Poisson rate; the step is judged as an open-loop step at its mean rate, and its lengths are the trace&apos;s own.</source>
        <translation>Der Server bekam die Schübe und Pausen des Trace wie aufgezeichnet, keine gleichmäßige oder Poisson-Rate; der Schritt wird als offener Schritt bei seiner mittleren Rate beurteilt, und seine Längen sind die des Trace.</translation>
    </message>
    <message>
        <source>The first answer token misses the target even at %1</source>
        <translation>Das erste Antwort-Token verfehlt den Zielwert selbst bei %1</translation>
    </message>
    <message>
        <source>The first answer token crosses the target at %1</source>
        <translation>Das erste Antwort-Token überschreitet den Zielwert bei %1</translation>
    </message>
    <message>
        <source>Users wait longer than %1 for the answer to begin after the model&apos;s thinking.</source>
        <translation>Nutzer warten nach dem Nachdenken des Modells länger als %1, bis die Antwort beginnt.</translation>
    </message>
    <message>
        <source>A reasoning model&apos;s answer begins after its prompt is processed and every thinking token is decoded: the wait grows with the thinking&apos;s length and with the time per token under load.</source>
        <translation>Die Antwort eines Reasoning-Modells beginnt, nachdem sein Prompt verarbeitet und jedes Denk-Token dekodiert ist: Die Wartezeit wächst mit der Länge des Nachdenkens und mit der Zeit pro Token unter Last.</translation>
    </message>
    <message>
        <source>halves the KV bytes each thinking token&apos;s step reads</source>
        <translation>halbiert die KV-Bytes, die der Schritt jedes Denk-Tokens liest</translation>
    </message>
    <message>
        <source>first token %1, first answer token %2 (p%3)</source>
        <translation>erstes Token %1, erstes Antwort-Token %2 (p%3)</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>The model thinks before it answers</source>
        <translation>Das Modell denkt nach, bevor es antwortet</translation>
    </message>
    <message>
        <source>At %1, %2 of %3 requests thought: %4 thinking tokens and %5 answer tokens at the median (%6 of the output was thinking); %7.</source>
        <translation>Bei %1 dachten %2 von %3 Anfragen nach: im Median %4 Denk-Tokens und %5 Antwort-Tokens (%6 der Ausgabe war Nachdenken); %7.</translation>
    </message>
    <message>
        <source>At %1: %2.</source>
        <translation>Bei %1: %2.</translation>
    </message>
    <message>
        <source>A person sees the answer begin at the first answer token (TTFO), not at the first token: the thinking streams first, or is hidden.</source>
        <translation>Ein Mensch sieht die Antwort beim ersten Antwort-Token (TTFO) beginnen, nicht beim ersten Token: Das Nachdenken kommt zuerst oder bleibt verborgen.</translation>
    </message>
    <message>
        <source>Your target of %1 is on the first answer token.</source>
        <translation>Ihr Zielwert von %1 gilt dem ersten Antwort-Token.</translation>
    </message>
    <message>
        <source>Your target of %1 is on the first token, a thinking one; set a target on the first answer token (--slo-ttfo-ms) to judge the wait a person sees.</source>
        <translation>Ihr Zielwert von %1 gilt dem ersten Token, einem Denk-Token; setzen Sie einen Zielwert für das erste Antwort-Token (--slo-ttfo-ms), um die Wartezeit zu beurteilen, die ein Mensch sieht.</translation>
    </message>
    <message>
        <source>At p%1, %2.</source>
        <translation>Bei p%1: %2.</translation>
    </message>
    <message>
        <source>%1 of %2 drafted tokens accepted at %3</source>
        <translation>%1 von %2 entworfenen Tokens bei %3 angenommen</translation>
    </message>
    <message>
        <source>(%1 tokens per step of the target model)</source>
        <translation>(%1 Tokens pro Schritt des Zielmodells)</translation>
    </message>
    <message>
        <source>The server decodes speculatively: %1 of drafted tokens accepted at %2</source>
        <translation>Der Server dekodiert spekulativ: %1 der entworfenen Tokens bei %2 angenommen</translation>
    </message>
    <message>
        <source>By the server&apos;s counters: %1.</source>
        <translation>Nach den Zählern des Servers: %1.</translation>
    </message>
    <message>
        <source>%1; the median TPOT went from %2 to %3.</source>
        <translation>%1; die mittlere TPOT stieg von %2 auf %3.</translation>
    </message>
    <message>
        <source>Tokens arrived in bursts: at %1 the median gap between chunks was %2 while TPOT was %3.</source>
        <translation>Die Tokens kamen schubweise: bei %1 betrug der mittlere Abstand zwischen Chunks %2, die TPOT dagegen %3.</translation>
    </message>
    <message>
        <source>A small draft model proposes tokens and the target model checks them in one step, so a step can make more than one token. It helps most at low load, where a step is bound by memory bandwidth; under load the checking competes with other users&apos; tokens, so what helps one user can cost throughput at many. Measure the same load without the draft model and compare the runs (kneepoint compare).</source>
        <translation>Ein kleines Entwurfsmodell schlägt Tokens vor, und das Zielmodell prüft sie in einem Schritt, sodass ein Schritt mehr als ein Token erzeugen kann. Das hilft am meisten bei geringer Last, wo ein Schritt durch die Speicherbandbreite begrenzt ist; unter Last konkurriert die Prüfung mit den Tokens anderer Nutzer, sodass, was einem Nutzer hilft, bei vielen Durchsatz kosten kann. Messen Sie dieselbe Last ohne das Entwurfsmodell und vergleichen Sie die Läufe (kneepoint compare).</translation>
    </message>
    <message>
        <source>%1: %2 requests, median TTFT %3, TPOT %4, %5 output tokens/s</source>
        <translation>%1: %2 Anfragen, TTFT im Median %3, TPOT %4, %5 Ausgabe-Tokens/s</translation>
    </message>
    <message>
        <source>Requests to %1 were the slowest at %2: median TPOT %3 against %4 for %5</source>
        <translation>Anfragen an %1 waren bei %2 am langsamsten: TPOT im Median %3 gegen %4 für %5</translation>
    </message>
    <message>
        <source>At %1, by model: %2.</source>
        <translation>Bei %1, nach Modell: %2.</translation>
    </message>
    <message>
        <source>Requests to several models or LoRA adapters share the server&apos;s steps: a step makes a token for every request in it, so an adapter&apos;s extra work slows the whole batch, and what differs between models is their prefill and the batches their requests ran in. What the mix costs against the base model alone is a comparison: measure the same load with --model BASE and compare the runs (kneepoint compare).</source>
        <translation>Anfragen an mehrere Modelle oder LoRA-Adapter teilen sich die Schritte des Servers: Ein Schritt erzeugt ein Token für jede Anfrage darin, also verlangsamt die Mehrarbeit eines Adapters den ganzen Batch, und was sich zwischen den Modellen unterscheidet, sind ihr Prefill und die Batches, in denen ihre Anfragen liefen. Was die Mischung gegenüber dem Basismodell allein kostet, zeigt erst ein Vergleich: Messen Sie dieselbe Last mit --model BASIS und vergleichen Sie die Läufe (kneepoint compare).</translation>
    </message>
    <message>
        <source>Every model was served alike at %1: median TPOT from %2 (%3) to %4 (%5), within the noise</source>
        <translation>Jedes Modell wurde bei %1 gleich bedient: TPOT im Median von %2 (%3) bis %4 (%5), im Rauschen</translation>
    </message>
    <message>
        <source>At %1 the models&apos; median TPOTs were within the noise of each other (%2 and %3): llama-server runs one adapter&apos;s requests a step, so each model&apos;s requests wait out the other models&apos; steps.</source>
        <translation>Bei %1 lagen die Median-TPOTs der Modelle im Rauschen beieinander (%2 und %3): llama-server rechnet je Schritt die Anfragen eines Adapters, also warten die Anfragen jedes Modells die Schritte der anderen Modelle ab.</translation>
    </message>
    <message>
        <source>At %1 the models&apos; median TPOTs were within the noise of each other (%2 and %3): in one batch an adapter&apos;s extra work slows every request beside it.</source>
        <translation>Bei %1 lagen die Median-TPOTs der Modelle im Rauschen beieinander (%2 und %3): in einem Batch bremst die Mehrarbeit eines Adapters jede Anfrage neben ihm.</translation>
    </message>
    <message>
        <source>llama-server batches a request only with requests of the same LoRA adapters and scales, so in a mix each step makes tokens for one model&apos;s requests while the others wait: under load every model&apos;s TPOT holds the other models&apos; steps, and the batches are smaller than the slots allow. What the mix costs against the base model alone is a comparison: measure the same load without --models and compare the runs (kneepoint compare).</source>
        <translation>llama-server bündelt eine Anfrage nur mit Anfragen derselben LoRA-Adapter und Skalen; in einer Mischung macht jeder Schritt also Token für die Anfragen eines Modells, während die anderen warten: unter Last enthält die TPOT jedes Modells die Schritte der anderen, und die Batches sind kleiner, als die Slots erlauben. Was die Mischung gegenüber dem Basismodell allein kostet, ist ein Vergleich: dieselbe Last ohne --models messen und die Läufe vergleichen (kneepoint compare).</translation>
    </message>
    <message>
        <source>1 fan-out</source>
        <translation>1 Verzweigung</translation>
    </message>
    <message>
        <source>%1 fan-outs</source>
        <translation>%1 Verzweigungen</translation>
    </message>
    <message>
        <source>%1 fan-outs, p99 %2 ms</source>
        <translation>%1 Verzweigungen, p99 %2 ms</translation>
    </message>
    <message>
        <source>%1 ms at %2 (%3), while a sub-call took %4 ms at the median</source>
        <translation>%1 ms bei %2 (%3), während ein Teilaufruf im Median %4 ms brauchte</translation>
    </message>
    <message>
        <source>An agent&apos;s turn waited %1 ms for its sub-calls at %2, %3× a sub-call&apos;s median</source>
        <translation>Die Runde eines Agenten wartete bei %2 %1 ms auf seine Teilaufrufe, das %3-Fache des Medians eines Teilaufrufs</translation>
    </message>
    <message>
        <source>Median time from a fan-out of up to %1 sub-calls to its last answer: %2.</source>
        <translation>Medianzeit von einer Verzweigung in bis zu %1 Teilaufrufe bis zu ihrer letzten Antwort: %2.</translation>
    </message>
    <message>
        <source>At the heaviest load: %1.</source>
        <translation>Bei der höchsten Last: %1.</translation>
    </message>
    <message>
        <source>An agent&apos;s next turn starts only when every sub-call of its fan-out has answered, so the slowest of them sets the pace: a turn&apos;s latency is the tail of its sub-calls, not their median, and grows with the fan-out&apos;s width and with the load.</source>
        <translation>Die nächste Runde eines Agenten beginnt erst, wenn jeder Teilaufruf seiner Verzweigung geantwortet hat; der langsamste gibt also das Tempo vor: Die Latenz einer Runde ist das Ende der Verteilung seiner Teilaufrufe, nicht ihr Median, und sie wächst mit der Breite der Verzweigung und mit der Last.</translation>
    </message>
    <message>
        <source>The history the agents&apos; turns and sub-calls share</source>
        <translation>Der Verlauf, den die Runden und Teilaufrufe der Agenten teilen,</translation>
    </message>
    <message>
        <source>%1 saved %2 of median TTFT, not beyond noise</source>
        <translation>%1 sparte %2 der medianen TTFT, nicht über das Rauschen hinaus</translation>
    </message>
</context>
<context>
    <name>LaunchRequest</name>
    <message>
        <source>“Model”</source>
        <translation>„Modell“</translation>
    </message>
    <message>
        <source>“Revision”</source>
        <translation>„Revision“</translation>
    </message>
    <message>
        <source>“GGUF file”</source>
        <translation>„GGUF-Datei“</translation>
    </message>
    <message>
        <source>“Image”</source>
        <translation>„Image“</translation>
    </message>
    <message>
        <source>“Allow an image without a digest”</source>
        <translation>„Image ohne Digest zulassen“</translation>
    </message>
    <message>
        <source>the number of GPUs</source>
        <translation>die Anzahl der GPUs</translation>
    </message>
    <message>
        <source>“GPU”</source>
        <translation>„GPU“</translation>
    </message>
    <message>
        <source>“Port”</source>
        <translation>„Port“</translation>
    </message>
    <message>
        <source>“Server executable”</source>
        <translation>„Server-Programm“</translation>
    </message>
    <message>
        <source>llama.cpp needs a GGUF file: one on this machine under “GGUF file”, or one from the Hugging Face cache by its model, revision and file name.</source>
        <translation>llama.cpp braucht eine GGUF-Datei: eine auf diesem Rechner unter „GGUF-Datei“ oder eine aus dem Hugging-Face-Cache über Modell, Revision und Dateinamen.</translation>
    </message>
    <message>
        <source>%1: there is no file %2.</source>
        <translation>%1: Es gibt keine Datei %2.</translation>
    </message>
    <message>
        <source>%1 takes a Hugging Face id ORG/NAME, such as meta-llama/Llama-3.1-8B-Instruct.</source>
        <translation>%1 erwartet eine Hugging-Face-ID ORG/NAME, etwa meta-llama/Llama-3.1-8B-Instruct.</translation>
    </message>
    <message>
        <source>%1 takes a Hugging Face id ORG/NAME, such as meta-llama/Llama-3.1-8B-Instruct, not &apos;%2&apos;.</source>
        <translation>%1 erwartet eine Hugging-Face-ID ORG/NAME, etwa meta-llama/Llama-3.1-8B-Instruct, nicht „%2“.</translation>
    </message>
    <message>
        <source>%1 is required: a commit hash (best), branch or tag of the model.</source>
        <translation>%1 ist erforderlich: ein Commit-Hash (am besten), ein Branch oder ein Tag des Modells.</translation>
    </message>
    <message>
        <source>With %1, %2 names the file in the repository, such as model-Q4_K_M.gguf.</source>
        <translation>Mit %1 nennt %2 die Datei im Repository, etwa model-Q4_K_M.gguf.</translation>
    </message>
    <message>
        <source>With %1, %2 names the file in the repository, such as model-Q4_K_M.gguf, not &apos;%3&apos;.</source>
        <translation>Mit %1 nennt %2 die Datei im Repository, etwa model-Q4_K_M.gguf, nicht „%3“.</translation>
    </message>
    <message>
        <source>%1 takes a number from 1 to 64, not %2.</source>
        <translation>%1 erwartet eine Zahl von 1 bis 64, nicht %2.</translation>
    </message>
    <message>
        <source>%1 takes a number from 0 to 65535, not %2.</source>
        <translation>%1 erwartet eine Zahl von 0 bis 65535, nicht %2.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>llama.cpp in a container needs an image under “Image”, pinned: ghcr.io/ggml-org/llama.cpp:server@sha256:&lt;digest&gt; (or server-cuda for a GPU); docker buildx imagetools inspect shows the digest.</source>
        <translation>llama.cpp in einem Container braucht ein Image unter „Image“, festgelegt per Digest: ghcr.io/ggml-org/llama.cpp:server@sha256:&lt;digest&gt; (oder server-cuda für eine GPU); docker buildx imagetools inspect zeigt den Digest.</translation>
    </message>
    <message>
        <source>No verified digest is recorded for the default image vllm/vllm-openai:v0.31.0. Look it up with &apos;docker buildx imagetools inspect vllm/vllm-openai:v0.31.0&apos; and enter vllm/vllm-openai@sha256:&lt;digest&gt; under %1.</source>
        <translation>Für das Standard-Image vllm/vllm-openai:v0.31.0 ist kein geprüfter Digest hinterlegt. Ermitteln Sie ihn mit „docker buildx imagetools inspect vllm/vllm-openai:v0.31.0“ und tragen Sie vllm/vllm-openai@sha256:&lt;digest&gt; unter %1 ein.</translation>
    </message>
    <message>
        <source>The image %1 is not pinned by digest, so the same command may start different software tomorrow. Give %3 as %2@sha256:&lt;digest&gt; (docker buildx imagetools inspect %1 shows it), or choose %4 to accept that; the report will say so.</source>
        <translation>Das Image %1 ist nicht per Digest festgelegt, sodass derselbe Befehl morgen andere Software starten kann. Geben Sie %3 als %2@sha256:&lt;digest&gt; an (docker buildx imagetools inspect %1 zeigt ihn) oder wählen Sie %4, um das hinzunehmen; der Bericht vermerkt es.</translation>
    </message>
    <message>
        <source>%1 and --tensor-parallel-size %2 disagree.</source>
        <translation>%1 und --tensor-parallel-size %2 widersprechen sich.</translation>
    </message>
    <message>
        <source>Which GPU? nvidia-smi is not available here: choose the server&apos;s GPU under “GPU” so that the memory estimate can run.</source>
        <translation>Welche GPU? nvidia-smi ist hier nicht verfügbar: Wählen Sie die GPU des Servers unter „GPU“, damit die Speicherschätzung laufen kann.</translation>
    </message>
    <message>
        <source>The simulated runtime stands in for vLLM only: start llama.cpp with the local runtime or in a container.</source>
        <translation>Die simulierte Laufzeit vertritt nur vLLM: Starten Sie llama.cpp mit der lokalen Laufzeit oder in einem Container.</translation>
    </message>
    <message>
        <source>%1: the simulated server models a model of the catalog, such as meta-llama/Llama-3.1-8B-Instruct (kneepoint models lists them).</source>
        <translation>%1: Der simulierte Server bildet ein Modell des Katalogs nach, etwa meta-llama/Llama-3.1-8B-Instruct (kneepoint models listet sie auf).</translation>
    </message>
    <message>
        <source>%1: the simulated server models the catalog&apos;s models only (kneepoint models lists them), and &apos;%2&apos; is not one of them.</source>
        <translation>%1: Der simulierte Server bildet nur die Modelle des Katalogs nach (kneepoint models listet sie auf), und „%2“ gehört nicht dazu.</translation>
    </message>
    <message>
        <source>The simulated server models one GPU: set %1 to 1, or launch vLLM itself.</source>
        <translation>Der simulierte Server bildet eine GPU nach: Setzen Sie %1 auf 1, oder starten Sie vLLM selbst.</translation>
    </message>
    <message>
        <source>Which GPU should the simulated server model? Choose one under “GPU”.</source>
        <translation>Welche GPU soll der simulierte Server nachbilden? Wählen Sie eine unter „GPU“.</translation>
    </message>
    <message>
        <source>%1 is a vLLM argument the simulated server does not model: launch vLLM itself (a container or the local runtime) to measure it. The simulator takes %2.</source>
        <translation>%1 ist ein vLLM-Argument, das der simulierte Server nicht nachbildet: Starten Sie vLLM selbst (in einem Container oder mit der lokalen Laufzeit), um es zu messen. Der Simulator nimmt %2.</translation>
    </message>
</context>
<context>
    <name>LoadCurve</name>
    <message>
        <source>the last load before latency grew faster than throughput (the median request&apos;s time grew by a larger share than output tokens/s, and by at least 5%)</source>
        <translation>die letzte Last, bevor die Latenz stärker wuchs als der Durchsatz (die Zeit der mittleren Anfrage wuchs um einen größeren Anteil als die Ausgabe-Tokens/s, und um mindestens 5%)</translation>
    </message>
    <message>
        <source>output throughput grew %1</source>
        <translation>wuchs der Ausgabedurchsatz um %1</translation>
    </message>
    <message>
        <source>output throughput fell %1</source>
        <translation>sank der Ausgabedurchsatz um %1</translation>
    </message>
    <message>
        <source>the median request took %1 longer</source>
        <translation>die mittlere Anfrage %1 länger dauerte</translation>
    </message>
    <message>
        <source>the median request took %1 less time</source>
        <translation>die mittlere Anfrage %1 weniger Zeit brauchte</translation>
    </message>
    <message>
        <source>from %1 to %2 %3 (%4 → %5 tokens/s) while %6 (%7 → %8)</source>
        <translation>von %1 auf %2 %3 (%4 → %5 Tokens/s), während %6 (%7 → %8)</translation>
    </message>
</context>
<context>
    <name>ModelQuality</name>
    <message>
        <source>Quality checks asked of %1 (kneepoint quality ask), separately from this run:</source>
        <translation>Qualitätsprüfungen, die %1 gestellt wurden (kneepoint quality ask), unabhängig von diesem Lauf:</translation>
    </message>
    <message>
        <source>Pass %1 (%2, %3): %4 of %5 answered questions right (%6%).</source>
        <translation>Durchgang %1 (%2, %3): %4 von %5 beantworteten Fragen richtig (%6%).</translation>
    </message>
    <message>
        <source>Pass %1 against pass %2: %3</source>
        <translation>Durchgang %1 gegenüber Durchgang %2: %3</translation>
    </message>
</context>
<context>
    <name>Pareto</name>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>%1 holds the frontier at %2 tokens/s per user (%3, %4 tokens/s per GPU)</source>
        <translation>%1 hält die Front bei %2 Tokens/s pro Nutzer (%3, %4 Tokens/s pro GPU)</translation>
    </message>
    <message>
        <source>%1 holds the frontier from %2 to %3 tokens/s per user (%4 to %5, %6 to %7 tokens/s per GPU)</source>
        <translation>%1 hält die Front von %2 bis %3 Tokens/s pro Nutzer (%4 bis %5, %6 bis %7 Tokens/s pro GPU)</translation>
    </message>
</context>
<context>
    <name>PhysicsFloors</name>
    <message>
        <source>Neither the GPU nor the model is known: pass --gpu, and serve a model from the catalog or give its config.json.</source>
        <translation>Weder GPU noch Modell sind bekannt: Geben Sie --gpu an und stellen Sie ein Modell aus dem Katalog bereit oder geben Sie seine config.json an.</translation>
    </message>
    <message>
        <source>The GPU is not known: pass --gpu (kneepoint gpus lists them).</source>
        <translation>Die GPU ist nicht bekannt: Geben Sie --gpu an (kneepoint gpus listet sie auf).</translation>
    </message>
    <message>
        <source>The model&apos;s geometry is not known: it is not in the catalog and no config.json was found for it.</source>
        <translation>Die Geometrie des Modells ist nicht bekannt: Es steht nicht im Katalog, und es wurde keine config.json dafür gefunden.</translation>
    </message>
    <message>
        <source>the served model is smaller or more heavily quantized than the one assumed</source>
        <translation>das bereitgestellte Modell ist kleiner oder stärker quantisiert als angenommen</translation>
    </message>
    <message>
        <source>speculative decoding produces several tokens per step</source>
        <translation>spekulatives Decoding erzeugt mehrere Tokens pro Schritt</translation>
    </message>
    <message>
        <source>prefix caching served part of the prompt from memory</source>
        <translation>Prefix-Caching hat einen Teil des Prompts aus dem Speicher geliefert</translation>
    </message>
    <message>
        <source>the GPU named for the run is slower than the one serving it (check which GPU the run was given)</source>
        <translation>die für den Lauf angegebene GPU ist langsamer als die, die ihn bedient (prüfen Sie, welche GPU dem Lauf genannt wurde)</translation>
    </message>
</context>
<context>
    <name>Prediction</name>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>below %1</source>
        <translation>unter %1</translation>
    </message>
    <message>
        <source>at least %1</source>
        <translation>mindestens %1</translation>
    </message>
    <message>
        <source>%1 median, %2 worst</source>
        <translation>%1 im Median, %2 im schlechtesten Fall</translation>
    </message>
    <message>
        <source>TTFT p99 %1; TPOT p99 %2; throughput %3</source>
        <translation>TTFT p99 %1; TPOT p99 %2; Durchsatz %3</translation>
    </message>
    <message>
        <source>Not worth trying: the twin predicts capacity %1 → %2 at these targets (%3, the twin itself %4 → %5), a fall beyond its %6 error on the figures that set the capacity (its error on this run: %7)</source>
        <translation>Keinen Versuch wert: Der Zwilling sagt eine Kapazität von %1 → %2 bei diesen Zielen voraus (%3, der Zwilling selbst %4 → %5), ein Rückgang über seinen Fehler von %6 bei den Größen hinaus, die die Kapazität bestimmen (sein Fehler bei diesem Lauf: %7)</translation>
    </message>
    <message>
        <source>The twin predicts capacity %1 → %2 at these targets (%3, the twin itself %4 → %5), a rise beyond its %6 error on the figures that set the capacity (its error on this run: %7)</source>
        <translation>Der Zwilling sagt eine Kapazität von %1 → %2 bei diesen Zielen voraus (%3, der Zwilling selbst %4 → %5), ein Anstieg über seinen Fehler von %6 bei den Größen hinaus, die die Kapazität bestimmen (sein Fehler bei diesem Lauf: %7)</translation>
    </message>
    <message>
        <source>The twin predicts capacity %1 → %2 at these targets (%3, the twin itself %4 → %5), within its %6 error on the figures that set the capacity: only a measurement tells (its error on this run: %7)</source>
        <translation>Der Zwilling sagt eine Kapazität von %1 → %2 bei diesen Zielen voraus (%3, der Zwilling selbst %4 → %5), innerhalb seines Fehlers von %6 bei den Größen, die die Kapazität bestimmen: Nur eine Messung entscheidet (sein Fehler bei diesem Lauf: %7)</translation>
    </message>
    <message>
        <source>The twin predicts capacity %1 → %2, but no latency target sets a capacity it can hold its error against (its error on this run: %3)</source>
        <translation>Der Zwilling sagt eine Kapazität von %1 → %2 voraus, aber kein Latenzziel bestimmt eine Kapazität, an der er seinen Fehler messen könnte (sein Fehler bei diesem Lauf: %3)</translation>
    </message>
</context>
<context>
    <name>QualityAsker</name>
    <message>
        <source>Every one of the %1 requests failed (the first: %2). Nothing was stored; check the server and ask again.</source>
        <translation>Alle %1 Anfragen sind fehlgeschlagen (die erste: %2). Es wurde nichts gespeichert; prüfen Sie den Server und fragen Sie erneut.</translation>
    </message>
    <message>
        <source>The answers could not be stored: %1</source>
        <translation>Die Antworten konnten nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Stored as pass %1, but none of its %2 answers was right. The server answers, but not these questions: check the model it serves, its chat template and the question set before you compare against this pass.</source>
        <translation>Als Durchgang %1 gespeichert, aber keine seiner %2 Antworten war richtig. Der Server antwortet, aber nicht auf diese Fragen: prüfen Sie das bereitgestellte Modell, seine Chat-Vorlage und den Fragensatz, bevor Sie mit diesem Durchgang vergleichen.</translation>
    </message>
</context>
<context>
    <name>QualityPassRequest</name>
    <message>
        <source>The server&apos;s address needs http:// or https:// and a host, not &apos;%1&apos;.</source>
        <translation>Die Adresse des Servers braucht http:// oder https:// und einen Host, nicht &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>The allowed drop belongs to the before pass: the rule was set when it was asked, before any after answer existed, and a comparison uses that one. Ask the after pass without it.</source>
        <translation>Der erlaubte Rückgang gehört zum Vorher-Durchgang: Die Regel wurde festgelegt, als er gestellt wurde, bevor es eine Nachher-Antwort gab, und ein Vergleich verwendet diese. Stellen Sie den Nachher-Durchgang ohne sie.</translation>
    </message>
    <message>
        <source>The allowed drop is from 0 to %1 percentage points, not %2.</source>
        <translation>Der erlaubte Rückgang liegt zwischen 0 und %1 Prozentpunkten, nicht bei %2.</translation>
    </message>
    <message>
        <source>The bundled question set is missing from this build: name a question set file.</source>
        <translation>Der mitgelieferte Fragensatz fehlt in diesem Build: Geben Sie eine Fragensatz-Datei an.</translation>
    </message>
    <message>
        <source>%1 is not a clean question set, so nothing was asked.</source>
        <translation>%1 ist kein fehlerfreier Fragensatz, daher wurde nichts gefragt.</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>No data</source>
        <translation>Keine Daten</translation>
    </message>
    <message>
        <source>en</source>
        <comment>the report&apos;s language, as an HTML lang code</comment>
        <translation>de</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Fazit</translation>
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
        <source>Measured:</source>
        <translation>Gemessen:</translation>
    </message>
    <message>
        <source>Meaning:</source>
        <translation>Bedeutung:</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>Warum:</translation>
    </message>
    <message>
        <source>Lesson:</source>
        <translation>Lektion:</translation>
    </message>
    <message>
        <source>Background</source>
        <translation>Hintergrund</translation>
    </message>
    <message>
        <source>Healthy</source>
        <translation>Unauffällig</translation>
    </message>
    <message>
        <source>Try these next</source>
        <translation>Als Nächstes ausprobieren</translation>
    </message>
    <message>
        <source>%1 (for: %2)</source>
        <translation>%1 (für: %2)</translation>
    </message>
    <message>
        <source>. Note: %1</source>
        <translation>. Hinweis: %1</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Belege</translation>
    </message>
    <message>
        <source>The three walls</source>
        <translation>Die drei Wände</translation>
    </message>
    <message>
        <source>Physics check</source>
        <translation>Physik-Check</translation>
    </message>
    <message>
        <source>Versions and environment</source>
        <translation>Versionen und Umgebung</translation>
    </message>
    <message>
        <source>Appendix: every number</source>
        <translation>Anhang: alle Zahlen</translation>
    </message>
    <message>
        <source>page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <source>page %1</source>
        <translation>Seite %1</translation>
    </message>
    <message>
        <source>Made by Kneepoint %1 on %2 from the stored measurements; the Markdown and JSON reports are attached to this file.</source>
        <translation>Erstellt von Kneepoint %1 am %2 aus den gespeicherten Messungen; die Berichte als Markdown und JSON sind dieser Datei angehängt.</translation>
    </message>
    <message>
        <source>The PDF could not be painted.</source>
        <translation>Das PDF konnte nicht gezeichnet werden.</translation>
    </message>
    <message>
        <source>Every number of this report, as JSON</source>
        <translation>Alle Zahlen dieses Berichts als JSON</translation>
    </message>
    <message>
        <source>This report as Markdown</source>
        <translation>Dieser Bericht als Markdown</translation>
    </message>
    <message>
        <source>green</source>
        <translation>grün</translation>
    </message>
    <message>
        <source>amber</source>
        <translation>gelb</translation>
    </message>
    <message>
        <source>red</source>
        <translation>rot</translation>
    </message>
    <message>
        <source>grey</source>
        <translation>grau</translation>
    </message>
    <message>
        <source>Answer quality</source>
        <translation>Antwortqualität</translation>
    </message>
    <message>
        <source>Not worth trying</source>
        <translation>Keinen Versuch wert</translation>
    </message>
    <message>
        <source>for: %1</source>
        <translation>für: %1</translation>
    </message>
    <message>
        <source>Each is explained on the next page, before the verdict.</source>
        <translation>Jeder wird auf der nächsten Seite erklärt, vor dem Fazit.</translation>
    </message>
    <message>
        <source>What was measured</source>
        <translation>Was gemessen wurde</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>No step was measured.</source>
        <translation>Kein Schritt wurde gemessen.</translation>
    </message>
</context>
<context>
    <name>ReportContent</name>
    <message>
        <source>met</source>
        <translation>eingehalten</translation>
    </message>
    <message>
        <source>missed: %1</source>
        <translation>verfehlt: %1</translation>
    </message>
    <message>
        <source>Throughput against %1 %2</source>
        <translation>Durchsatz über %1 %2</translation>
    </message>
    <message>
        <source>Each point is one load step; up and to the left is better. The ring marks the highest load that met every target; the dashed line is the %1 target.</source>
        <translation>Jeder Punkt ist eine Laststufe; oben links ist besser. Der Ring markiert die höchste Last, die jeden Zielwert einhielt; die gestrichelte Linie ist der %1-Zielwert.</translation>
    </message>
    <message>
        <source>output tokens/s</source>
        <translation>Ausgabe-Tokens/s</translation>
    </message>
    <message>
        <source>concurrency sweep</source>
        <translation>Parallelitäts-Sweep</translation>
    </message>
    <message>
        <source>load</source>
        <translation>Last</translation>
    </message>
    <message>
        <source>best under target: %1</source>
        <translation>höchste Last im Zielwert: %1</translation>
    </message>
    <message>
        <source>target %1</source>
        <translation>Zielwert %1</translation>
    </message>
    <message>
        <source>Time to first token against load</source>
        <translation>Zeit bis zum ersten Token über der Last</translation>
    </message>
    <message>
        <source>Time per output token against load</source>
        <translation>Zeit pro Ausgabe-Token über der Last</translation>
    </message>
    <message>
        <source>%1 against load</source>
        <translation>%1 über der Last</translation>
    </message>
    <message>
        <source>The median and the %1 at each load; the dashed line is the target.</source>
        <translation>Median und %1 bei jeder Last; die gestrichelte Linie ist der Zielwert.</translation>
    </message>
    <message>
        <source>concurrent users</source>
        <translation>gleichzeitige Nutzer</translation>
    </message>
    <message>
        <source>users</source>
        <translation>Nutzer</translation>
    </message>
    <message>
        <source>Throughput against load</source>
        <translation>Durchsatz über der Last</translation>
    </message>
    <message>
        <source>Output tokens per second over each step&apos;s steady window, and goodput in requests meeting every target. The ring marks the knee.</source>
        <translation>Ausgabe-Tokens pro Sekunde im stabilen Fenster jedes Schritts und Goodput in Anfragen, die jeden Zielwert einhalten. Der Ring markiert das Knie.</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>Anfragen/s</translation>
    </message>
    <message>
        <source>goodput/s</source>
        <translation>Goodput/s</translation>
    </message>
    <message>
        <source>knee: %1</source>
        <translation>Knie: %1</translation>
    </message>
    <message>
        <source>The server over the run</source>
        <translation>Der Server im Verlauf des Laufs</translation>
    </message>
    <message>
        <source>KV cache use and requests waiting, as the server&apos;s /metrics reported them, against time since the first step began (real time).</source>
        <translation>KV-Cache-Belegung und wartende Anfragen, wie die /metrics des Servers sie meldeten, über der Zeit seit Beginn des ersten Schritts (Echtzeit).</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>KV used (%) · waiting</source>
        <translation>KV belegt (%) · wartend</translation>
    </message>
    <message>
        <source>KV cache used (%)</source>
        <translation>KV-Cache belegt (%)</translation>
    </message>
    <message>
        <source>requests waiting</source>
        <translation>wartende Anfragen</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>peak KV used</source>
        <translation>max. KV belegt</translation>
    </message>
    <message>
        <source>peak waiting</source>
        <translation>max. wartend</translation>
    </message>
    <message>
        <source>peak running</source>
        <translation>max. laufend</translation>
    </message>
    <message>
        <source>preemptions</source>
        <translation>Verdrängungen</translation>
    </message>
    <message>
        <source>Request size against time to first token</source>
        <translation>Anfragegröße über der Zeit bis zum ersten Token</translation>
    </message>
    <message>
        <source>Each point is one request size measured at the same load, green where every target held; longer prompts take longer to prefill.</source>
        <translation>Jeder Punkt ist eine Anfragegröße, gemessen bei derselben Last, grün, wo jeder Zielwert hielt; längere Prompts brauchen länger im Prefill.</translation>
    </message>
    <message>
        <source>input tokens</source>
        <translation>Eingabe-Tokens</translation>
    </message>
    <message>
        <source>TTFT %1 (ms)</source>
        <translation>TTFT %1 (ms)</translation>
    </message>
    <message>
        <source>meets the targets</source>
        <translation>hält die Zielwerte ein</translation>
    </message>
    <message>
        <source>misses a target</source>
        <translation>verfehlt einen Zielwert</translation>
    </message>
    <message>
        <source>size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>TPOT %1 (ms)</source>
        <translation>TPOT %1 (ms)</translation>
    </message>
    <message>
        <source>targets</source>
        <translation>Zielwerte</translation>
    </message>
    <message>
        <source>not visible</source>
        <translation>nicht sichtbar</translation>
    </message>
    <message>
        <source>reached at %1</source>
        <translation>erreicht bei %1</translation>
    </message>
    <message>
        <source>not reached</source>
        <translation>nicht erreicht</translation>
    </message>
    <message>
        <source> (the limit)</source>
        <translation> (die Begrenzung)</translation>
    </message>
    <message>
        <source>phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>max</source>
        <translation>Max.</translation>
    </message>
    <message>
        <source>%1, %2 tokens in, %3 out</source>
        <translation>%1, %2 Tokens Eingabe, %3 Ausgabe</translation>
    </message>
    <message>
        <source>%1, the data set %2: on average %3 tokens in (as the server counted them), %4 out</source>
        <translation>%1, der Datensatz %2: im Mittel %3 Tokens Eingabe (wie der Server sie zählte), %4 Ausgabe</translation>
    </message>
    <message>
        <source>Kneepoint report: run %1</source>
        <translation>Kneepoint-Bericht: Lauf %1</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 unter %2</translation>
    </message>
    <message>
        <source>unknown model</source>
        <translation>unbekanntes Modell</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source> (demo)</source>
        <translation> (Demo)</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Traffic</source>
        <translation>Traffic</translation>
    </message>
    <message>
        <source>Targets</source>
        <translation>Zielwerte</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1 für %2</translation>
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
        <source>Simulated</source>
        <translation>Simuliert</translation>
    </message>
    <message>
        <source>at %1× speed; every figure is in the server&apos;s time</source>
        <translation>mit %1-facher Geschwindigkeit; jeder Wert ist in der Zeit des Servers angegeben</translation>
    </message>
    <message>
        <source>TTFT %1 ms</source>
        <translation>TTFT %1 ms</translation>
    </message>
    <message>
        <source>TPOT %1 ms</source>
        <translation>TPOT %1 ms</translation>
    </message>
    <message>
        <source>E2EL %1 ms</source>
        <translation>E2EL %1 ms</translation>
    </message>
    <message>
        <source>output tok/s</source>
        <translation>Ausgabe-Tok./s</translation>
    </message>
    <message>
        <source>within targets</source>
        <translation>innerhalb der Zielwerte</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>Green: every target met with room to spare; amber: met, but a metric is past %1 of its target; red: missed. Times at %2 in milliseconds; failures count against the targets.</source>
        <translation>Grün: jeder Zielwert mit Reserve eingehalten; gelb: eingehalten, aber eine Metrik liegt über %1 ihres Zielwerts; rot: verfehlt. Zeiten bei %2 in Millisekunden; Fehlschläge zählen gegen die Zielwerte.</translation>
    </message>
    <message>
        <source>%1 GB of weights</source>
        <translation>%1 GB Gewichte</translation>
    </message>
    <message>
        <source>One request reached %1 of the bandwidth floor (median TPOT %2, TTFT %3).</source>
        <translation>Eine einzelne Anfrage erreichte %1 der Bandbreitenuntergrenze (Median-TPOT %2, TTFT %3).</translation>
    </message>
    <message>
        <source>Faster than physics allows; likely: %1.</source>
        <translation>Schneller, als die Physik erlaubt; wahrscheinlich: %1.</translation>
    </message>
    <message>
        <source>Metric definitions</source>
        <translation>Definitionen der Metriken</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>first chunk carrying a token − send (the chat role chunk is not one)</source>
        <translation>erster Chunk mit einem Token − Sendezeitpunkt (der Chunk mit der Chat-Rolle zählt nicht)</translation>
    </message>
    <message>
        <source>the same, but may count the role chunk</source>
        <translation>dasselbe, zählt aber womöglich den Rollen-Chunk mit</translation>
    </message>
    <message>
        <source>time_to_first_token: the same</source>
        <translation>time_to_first_token: dasselbe</translation>
    </message>
    <message>
        <source>(E2EL − TTFT) / (output tokens − 1), per request</source>
        <translation>(E2EL − TTFT) / (Ausgabe-Tokens − 1), pro Anfrage</translation>
    </message>
    <message>
        <source>TPOT: the same</source>
        <translation>TPOT: dasselbe</translation>
    </message>
    <message>
        <source>called inter_token_latency</source>
        <translation>heißt inter_token_latency</translation>
    </message>
    <message>
        <source>every gap between token chunks, pooled</source>
        <translation>jede Lücke zwischen Token-Chunks, zusammengefasst</translation>
    </message>
    <message>
        <source>ITL: the same</source>
        <translation>ITL: dasselbe</translation>
    </message>
    <message>
        <source>called inter_chunk_latency</source>
        <translation>heißt inter_chunk_latency</translation>
    </message>
    <message>
        <source>last token chunk − send</source>
        <translation>letzter Token-Chunk − Sendezeitpunkt</translation>
    </message>
    <message>
        <source>E2EL: the same</source>
        <translation>E2EL: dasselbe</translation>
    </message>
    <message>
        <source>request_latency: to the last response</source>
        <translation>request_latency: bis zur letzten Antwort</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>over each step&apos;s steady window (full load held)</source>
        <translation>über das stabile Fenster jedes Schritts (volle Last gehalten)</translation>
    </message>
    <message>
        <source>over the whole run</source>
        <translation>über den ganzen Lauf</translation>
    </message>
    <message>
        <source>over the benchmark duration</source>
        <translation>über die Dauer des Benchmarks</translation>
    </message>
    <message>
        <source>goodput</source>
        <translation>Goodput</translation>
    </message>
    <message>
        <source>requests meeting every target per second; failures count against attainment</source>
        <translation>Anfragen pro Sekunde, die jeden Zielwert einhalten; Fehlschläge zählen gegen die Erfüllung</translation>
    </message>
    <message>
        <source>--goodput: failures left out</source>
        <translation>--goodput: ohne Fehlschläge</translation>
    </message>
    <message>
        <source>goodput; good_request_fraction counts errors</source>
        <translation>goodput; good_request_fraction zählt Fehler mit</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Client host</source>
        <translation>Client-Host</translation>
    </message>
    <message>
        <source>Client OS</source>
        <translation>Client-Betriebssystem</translation>
    </message>
    <message>
        <source>Client CPU</source>
        <translation>Client-CPU</translation>
    </message>
    <message>
        <source>%1 (%2 cores)</source>
        <translation>%1 (%2 Kerne)</translation>
    </message>
    <message>
        <source>Network round trip</source>
        <translation>Netzwerk-Umlaufzeit</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
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
    <message>
        <source>ITL, gaps between token chunks (ms)</source>
        <translation>ITL, Lücken zwischen Token-Chunks (ms)</translation>
    </message>
    <message>
        <source>Throughput and errors</source>
        <translation>Durchsatz und Fehler</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>total tok/s</source>
        <translation>Tok./s gesamt</translation>
    </message>
    <message>
        <source>steady window s</source>
        <translation>stabiles Fenster s</translation>
    </message>
    <message>
        <source>length mismatches</source>
        <translation>Längenabweichungen</translation>
    </message>
    <message>
        <source>baseline</source>
        <comment>a step&apos;s phase</comment>
        <translation>Basismessung</translation>
    </message>
    <message>
        <source>concurrency</source>
        <comment>a step&apos;s phase</comment>
        <translation>Parallelität</translation>
    </message>
    <message>
        <source>rate</source>
        <comment>a step&apos;s phase</comment>
        <translation>Rate</translation>
    </message>
    <message>
        <source>shape</source>
        <comment>a step&apos;s phase: one request size</comment>
        <translation>Anfragegröße</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>the server&apos;s certificate was not checked (--insecure): these numbers came over a connection anyone in between could have read or changed</source>
        <translation>das Zertifikat des Servers wurde nicht geprüft (--insecure): Diese Zahlen kamen über eine Verbindung, die jeder dazwischen hätte mitlesen oder verändern können</translation>
    </message>
    <message>
        <source>Ranked by expected effect; llama-server&apos;s own flags, for the remedies Kneepoint knows as vLLM&apos;s.</source>
        <translation>Nach erwarteter Wirkung geordnet; die eigenen Flags von llama-server für die Abhilfen, die Kneepoint als Flags von vLLM kennt.</translation>
    </message>
    <message>
        <source>Ranked by expected effect. The server&apos;s vLLM version is unknown: each flag says which releases accept it.</source>
        <translation>Nach erwarteter Wirkung geordnet. Die vLLM-Version des Servers ist unbekannt: Jedes Flag nennt die Versionen, die es annehmen.</translation>
    </message>
    <message>
        <source>Ranked by expected effect; each flag was checked against the server&apos;s vLLM version, %1.</source>
        <translation>Nach erwarteter Wirkung geordnet; jedes Flag wurde gegen die vLLM-Version des Servers geprüft, %1.</translation>
    </message>
    <message>
        <source>Decode step floor %1 (%2 read per step); TTFT floor %3, the prompt&apos;s prefill, %4; at most %5 tokens/s for one user.</source>
        <translation>Untergrenze eines Decode-Schritts %1 (%2 pro Schritt gelesen); Untergrenze der TTFT %3, der Prefill des Prompts, %4; höchstens %5 Tokens/s für einen Nutzer.</translation>
    </message>
    <message>
        <source>bound by %1 compute at %2 TFLOPS</source>
        <translation>begrenzt durch %1-Rechenleistung mit %2 TFLOPS</translation>
    </message>
    <message>
        <source>bound by reading the weights once</source>
        <translation>begrenzt durch einmaliges Lesen der Gewichte</translation>
    </message>
    <message>
        <source>prompt tokens from the prefix cache</source>
        <translation>Prompt-Tokens aus dem Präfix-Cache</translation>
    </message>
    <message>
        <source>%1, %2 tokens in, %3 out, %4</source>
        <translation>%1, %2 Tokens Eingabe, %3 Ausgabe, %4</translation>
    </message>
    <message>
        <source>latency sample</source>
        <translation>Latenz-Stichprobe</translation>
    </message>
    <message>
        <source>a user step&apos;s requests sent inside its steady window (users ramping in and draining out left out); a rate step&apos;s every request</source>
        <translation>bei einem Nutzer-Schritt die im stabilen Fenster gesendeten Anfragen (Hoch- und Auslaufen der Nutzer ausgenommen); bei einem Raten-Schritt jede Anfrage</translation>
    </message>
    <message>
        <source>every request</source>
        <translation>jede Anfrage</translation>
    </message>
    <message>
        <source>every request after warm-up</source>
        <translation>jede Anfrage nach dem Aufwärmen</translation>
    </message>
    <message>
        <source>uncached</source>
        <comment>a step&apos;s phase: the baseline with nothing shared between prompts</comment>
        <translation>ungecacht</translation>
    </message>
    <message>
        <source>%1, stopped by the user</source>
        <comment>a step&apos;s phase, cut short</comment>
        <translation>%1, vom Benutzer gestoppt</translation>
    </message>
    <message>
        <source>TTFT leaves out the network&apos;s %1 round trip to the server, as the targets, the verdict and the charts do.</source>
        <translation>Die TTFT lässt die Netzwerk-Umlaufzeit von %1 zum Server weg, wie die Ziele, das Urteil und die Diagramme.</translation>
    </message>
    <message>
        <source>%1, capacity probe %2</source>
        <comment>a step&apos;s phase: a step added to pin capacity down</comment>
        <translation>%1, Kapazitätsprobe %2</translation>
    </message>
    <message>
        <source>%1 (probe)</source>
        <comment>a load the capacity search added</comment>
        <translation>%1 (Probe)</translation>
    </message>
    <message>
        <source>Interactivity against throughput per GPU</source>
        <translation>Interaktivität gegen Durchsatz pro GPU</translation>
    </message>
    <message>
        <source>Each point is one load step: output tokens per second each user gets (1000 / median TPOT) against output tokens per second per GPU. Up and to the right is better; the dashed line joins the steps no other step beats on both (the Pareto frontier), and the tinted side of the TPOT target is where it is met.</source>
        <translation>Jeder Punkt ist ein Lastschritt: Ausgabe-Tokens pro Sekunde, die jeder Nutzer bekommt (1000 / Median-TPOT), gegen Ausgabe-Tokens pro Sekunde pro GPU. Oben rechts ist besser; die gestrichelte Linie verbindet die Schritte, die kein anderer Schritt in beidem übertrifft (die Pareto-Front), und auf der getönten Seite des TPOT-Ziels wird es erreicht.</translation>
    </message>
    <message>
        <source>output tokens/s per user</source>
        <translation>Ausgabe-Tokens/s pro Nutzer</translation>
    </message>
    <message>
        <source>output tokens/s per GPU</source>
        <translation>Ausgabe-Tokens/s pro GPU</translation>
    </message>
    <message>
        <source>run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>on the frontier</source>
        <translation>auf der Front</translation>
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
        <source>load steps</source>
        <translation>Lastschritte</translation>
    </message>
    <message>
        <source>Pareto frontier</source>
        <translation>Pareto-Front</translation>
    </message>
    <message>
        <source>TPOT target %1</source>
        <translation>TPOT-Ziel %1</translation>
    </message>
    <message>
        <source>The twin does not model this flag: measure it</source>
        <translation>Der Zwilling modelliert diesen Schalter nicht: messen Sie ihn</translation>
    </message>
    <message>
        <source>The twin cannot predict it here: %1</source>
        <translation>Der Zwilling kann es hier nicht vorhersagen: %1</translation>
    </message>
    <message>
        <source>TTFT (ms), the network&apos;s %1 round trip included</source>
        <translation>TTFT (ms), einschließlich der Netzwerk-Umlaufzeit von %1</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>TTFT %1 against load</source>
        <translation>TTFT %1 nach Last</translation>
    </message>
    <message>
        <source>TPOT %1 against load</source>
        <translation>TPOT %1 nach Last</translation>
    </message>
    <message>
        <source>%1 in grey, %2 in blue; a green ring marks a load where %2 is better beyond noise, a red one where it is worse.</source>
        <translation>%1 grau, %2 blau; ein grüner Ring markiert eine Last, bei der %2 über das Rauschen hinaus besser ist, ein roter, wo er schlechter ist.</translation>
    </message>
    <message>
        <source>change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>95-%-Intervall</translation>
    </message>
    <message>
        <source>beyond noise</source>
        <translation>über dem Rauschen</translation>
    </message>
    <message>
        <source>better</source>
        <translation>besser</translation>
    </message>
    <message>
        <source>worse</source>
        <translation>schlechter</translation>
    </message>
    <message>
        <source>not tested</source>
        <translation>nicht getestet</translation>
    </message>
    <message>
        <source>yes, better</source>
        <translation>ja, besser</translation>
    </message>
    <message>
        <source>yes, worse</source>
        <translation>ja, schlechter</translation>
    </message>
    <message>
        <source>* TTFT within the network&apos;s round trip of %1: as measured it was no longer than the round trip, so the server&apos;s part is shown as 0.</source>
        <translation>* TTFT innerhalb der Netzwerk-Umlaufzeit von %1: gemessen war sie nicht länger als die Umlaufzeit, daher wird der Anteil des Servers als 0 gezeigt.</translation>
    </message>
    <message>
        <source>† Disturbed by the measurement itself at %1 (the client fell behind, or the simulator lagged its own clock: see the doubts above the verdict): those figures may be partly the measurement&apos;s.</source>
        <translation>† Von der Messung selbst gestört bei %1 (der Client kam nicht mit, oder der Simulator lag hinter seiner eigenen Uhr: siehe die Zweifel über dem Fazit): Diese Zahlen können teils von der Messung stammen.</translation>
    </message>
    <message>
        <source>Capacity: the highest request rate with each figure under its target at %1</source>
        <translation>Kapazität: die höchste Anfragerate, bei der jeder Wert bei %1 unter seinem Zielwert bleibt</translation>
    </message>
    <message>
        <source>Capacity: the most users with each figure under its target at %1</source>
        <translation>Kapazität: die meisten Nutzer, bei denen jeder Wert bei %1 unter seinem Zielwert bleibt</translation>
    </message>
    <message>
        <source>Met at %1 (%2 %3 %4); missed at %5 (%2 %3 %6), against a target of %7.</source>
        <translation>Erfüllt bei %1 (%2 %3 %4); verfehlt bei %5 (%2 %3 %6), bei einem Ziel von %7.</translation>
    </message>
    <message>
        <source>Every load measured met every target.</source>
        <translation>Jede gemessene Last hielt jeden Zielwert ein.</translation>
    </message>
    <message>
        <source>The lowest load measured missed: %1 %2 was %3 against a target of %4.</source>
        <translation>Die niedrigste gemessene Last verfehlte: %1 %2 war %3 bei einem Ziel von %4.</translation>
    </message>
    <message>
        <source>Confidence: %1, since %2.</source>
        <translation>Vertrauen: %1, denn %2.</translation>
    </message>
    <message>
        <source>Knee: %1: %2.</source>
        <translation>Knie: %1: %2.</translation>
    </message>
    <message>
        <source>No knee: no pair of steps bought more latency than throughput; the closest, %1.</source>
        <translation>Kein Knie: kein Paar von Schritten brachte mehr Latenz als Durchsatz; am nächsten kam %1.</translation>
    </message>
    <message>
        <source>saturation</source>
        <translation>Sättigung</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>the latency target</source>
        <translation>das Latenzziel</translation>
    </message>
    <message>
        <source>Capacity: %1 (%2 as measured; too few requests to bound it at 95%) at %3 (limited by %4).</source>
        <translation>Kapazität: %1 (%2 wie gemessen; zu wenige Anfragen, um es mit 95 % einzugrenzen) bei %3 (begrenzt durch %4).</translation>
    </message>
    <message>
        <source>Capacity: %1 (%2, 95% interval) at %3 (limited by %4).</source>
        <translation>Kapazität: %1 (%2, 95-%-Intervall) bei %3 (begrenzt durch %4).</translation>
    </message>
    <message>
        <source>Capacity: %1 (%2 as measured) at %3 (limited by %4).</source>
        <translation>Kapazität: %1 (%2 wie gemessen) bei %3 (begrenzt durch %4).</translation>
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
        <source>beyond %1</source>
        <translation>jenseits von %1</translation>
    </message>
    <message>
        <source>%1 on %2%3 (%4 at %5 TFLOPS), %6 tokens in and %7 out.</source>
        <translation>%1 auf %2%3 (%4 bei %5 TFLOPS), %6 Tokens Eingabe und %7 Ausgabe.</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 GPUs</translation>
    </message>
    <message>
        <source>GPU power was not recorded for this run.</source>
        <translation>Die Leistungsaufnahme der GPU wurde bei diesem Lauf nicht aufgezeichnet.</translation>
    </message>
    <message>
        <source>GPU power not measured: %1.</source>
        <translation>Leistungsaufnahme der GPU nicht gemessen: %1.</translation>
    </message>
    <message>
        <source> (%1 of %2 rated)</source>
        <translation> (%1 von %2 Nennleistung)</translation>
    </message>
    <message>
        <source>its %1 W</source>
        <translation>ihren %1 W</translation>
    </message>
    <message>
        <source>%1 × %2 W</source>
        <translation>%1 × %2 W</translation>
    </message>
    <message>
        <source>GPU energy, read from the %1 (%2): %3 J per output token at %4, %5, drawing %6 W%7; goodput %8 requests/s per kW there.</source>
        <translation>GPU-Energie, gelesen vom %1 (%2): %3 J pro Ausgabe-Token bei %4, %5, bei %6 W Leistungsaufnahme%7; Goodput dort %8 Anfragen/s pro kW.</translation>
    </message>
    <message>
        <source>the highest load within the targets</source>
        <translation>der höchsten Last innerhalb der Zielwerte</translation>
    </message>
    <message>
        <source>the highest throughput measured</source>
        <translation>dem höchsten gemessenen Durchsatz</translation>
    </message>
    <message>
        <source>The least energy per output token was at %1: %2 J, drawing %3 W.</source>
        <translation>Die wenigste Energie pro Ausgabe-Token fiel bei %1 an: %2 J, bei %3 W Leistungsaufnahme.</translation>
    </message>
    <message>
        <source>GPU power per step</source>
        <translation>GPU-Leistung pro Schritt</translation>
    </message>
    <message>
        <source>power W</source>
        <translation>Leistung W</translation>
    </message>
    <message>
        <source>energy J</source>
        <translation>Energie J</translation>
    </message>
    <message>
        <source>J per output token</source>
        <translation>J pro Ausgabe-Token</translation>
    </message>
    <message>
        <source>goodput per kW</source>
        <translation>Goodput pro kW</translation>
    </message>
    <message>
        <source>GPU busy</source>
        <translation>GPU ausgelastet</translation>
    </message>
    <message>
        <source>peak memory MiB</source>
        <translation>Spitzenspeicher MiB</translation>
    </message>
    <message>
        <source>readings</source>
        <translation>Messwerte</translation>
    </message>
    <message>
        <source>The readings cover %1 GPUs where the run names %2: the figures include GPUs the server may not use. Give --dcgm-url, or launch the server with kneepoint launch, to read only its own.</source>
        <translation>Die Messwerte umfassen %1 GPUs, der Lauf nennt aber %2: Die Zahlen enthalten GPUs, die der Server womöglich nicht nutzt. Geben Sie --dcgm-url an oder starten Sie den Server mit kneepoint launch, um nur seine eigenen zu lesen.</translation>
    </message>
    <message>
        <source>%1 for %2, where the run was held to %3 for %4</source>
        <translation>%1 für %2, während der Lauf an %3 für %4 gemessen wurde</translation>
    </message>
    <message>
        <source>the %1 for the physics check, where the run named %2</source>
        <translation>der %1 für den Physik-Check, während der Lauf %2 nannte</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>judged under %1; every measurement is the run&apos;s own, only what it is held to changed</source>
        <translation>beurteilt nach %1; jede Messung ist die des Laufs, geändert hat sich nur, woran sie gemessen wird</translation>
    </message>
    <message>
        <source>Kneepoint report: run %1, what if</source>
        <translation>Kneepoint-Bericht: Lauf %1, Was-wäre-wenn</translation>
    </message>
    <message>
        <source>What if</source>
        <translation>Was wäre, wenn</translation>
    </message>
    <message>
        <source>the GPUs were read every %1 s, and the steps were too short for that (%2 s at %3): lengthen them (--duration) or read more often (--scrape-interval-ms)</source>
        <translation>die GPUs wurden alle %1 s gelesen, und die Schritte waren dafür zu kurz (%2 s bei %3): Verlängern Sie sie (--duration) oder lesen Sie öfter (--scrape-interval-ms)</translation>
    </message>
    <message>
        <source>%1, “%2”</source>
        <translation>%1, „%2“</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notizen</translation>
    </message>
    <message>
        <source>TTFT is not judged against its floor: the server&apos;s prefix cache served %1 of the one user&apos;s prompt tokens, and its counters do not say which requests&apos; prefill it spared.</source>
        <translation>TTFT wird nicht an seiner Untergrenze gemessen: Der Präfix-Cache des Servers lieferte %1 der Prompt-Tokens des einen Nutzers, und seine Zähler sagen nicht, welchen Anfragen er den Prefill ersparte.</translation>
    </message>
    <message>
        <source>rate sweep</source>
        <translation>Raten-Sweep</translation>
    </message>
    <message>
        <source>TTFO %1 ms</source>
        <translation>TTFO %1 ms</translation>
    </message>
    <message>
        <source>TTFO is the time to the first answer token, after the model&apos;s thinking; TTFT&apos;s first token is a thinking one.</source>
        <translation>TTFO ist die Zeit bis zum ersten Antwort-Token, nach dem Nachdenken des Modells; das erste Token der TTFT ist ein Denk-Token.</translation>
    </message>
    <message>
        <source>By model</source>
        <translation>Nach Modell</translation>
    </message>
    <message>
        <source>model</source>
        <translation>Modell</translation>
    </message>
</context>
<context>
    <name>ReportFormat</name>
    <message>
        <source>PDF</source>
        <translation>PDF</translation>
    </message>
    <message>
        <source>HTML page</source>
        <translation>HTML-Seite</translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>JSON, every number</source>
        <translation>JSON, alle Zahlen</translation>
    </message>
    <message>
        <source>CSV, one row per step</source>
        <translation>CSV, eine Zeile pro Schritt</translation>
    </message>
    <message>
        <source>CSV, one row per request</source>
        <translation>CSV, eine Zeile pro Anfrage</translation>
    </message>
    <message>
        <source>Could not write %1: %2. Check that the folder exists and has space.</source>
        <translation>%1 konnte nicht geschrieben werden: %2. Prüfen Sie, ob der Ordner existiert und genug freier Platz vorhanden ist.</translation>
    </message>
</context>
<context>
    <name>RequestEstimate</name>
    <message>
        <source>There is no baseline to calibrate the estimate on.</source>
        <translation>Es gibt keine Basismessung, an der sich die Schätzung kalibrieren ließe.</translation>
    </message>
    <message>
        <source>A request size needs at least one input and one output token.</source>
        <translation>Eine Anfragegröße braucht mindestens ein Eingabe- und ein Ausgabe-Token.</translation>
    </message>
</context>
<context>
    <name>RunAnalysis</name>
    <message>
        <source> This run did not record when each answer began (it was measured before Kneepoint told a model&apos;s thinking from its answer, or imported), so your target of %1 on the first answer token was not judged.</source>
        <translation> Dieser Lauf hat nicht aufgezeichnet, wann jede Antwort begann (er wurde gemessen, bevor Kneepoint das Nachdenken eines Modells von seiner Antwort unterschied, oder importiert), daher wurde Ihr Zielwert von %1 für das erste Antwort-Token nicht beurteilt.</translation>
    </message>
</context>
<context>
    <name>RunComparison</name>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>below %1</source>
        <translation>weniger als %1</translation>
    </message>
    <message>
        <source>at least %1</source>
        <translation>mindestens %1</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <source>output tokens/s</source>
        <translation>Ausgabe-Tokens/s</translation>
    </message>
    <message>
        <source> The runs share no load step, so no metric could be compared.</source>
        <translation> Die Läufe haben keine gemeinsame Laststufe, daher ließ sich keine Metrik vergleichen.</translation>
    </message>
    <message>
        <source>server: </source>
        <translation>Server: </translation>
    </message>
    <message>
        <source>option: </source>
        <translation>Option: </translation>
    </message>
    <message>
        <source>simulated speed</source>
        <translation>simulierte Geschwindigkeit</translation>
    </message>
    <message>
        <source>intervals overlap or are open</source>
        <translation>Intervalle überlappen oder sind offen</translation>
    </message>
    <message>
        <source>under the %1% floor</source>
        <translation>unter der Schwelle von %1 %</translation>
    </message>
    <message>
        <source>the change&apos;s interval includes 0</source>
        <translation>das Intervall der Änderung schließt 0 ein</translation>
    </message>
    <message>
        <source> Runs %1 and %2 are of one configuration: each change must also exceed what they differ by.</source>
        <translation> Die Läufe %1 und %2 haben dieselbe Konfiguration: jede Änderung muss auch größer sein als ihr Unterschied.</translation>
    </message>
    <message>
        <source>within the %1 runs %2 and %3 differ by</source>
        <translation>innerhalb der %1, um die sich die Läufe %2 und %3 unterscheiden</translation>
    </message>
    <message>
        <source> Runs %1 and %2 are of one configuration and no third run of it says how much such runs differ: nothing is called beyond noise. Run it once more to tell a drift from the noise.</source>
        <translation> Die Läufe %1 und %2 haben dieselbe Konfiguration, und kein dritter Lauf davon zeigt, wie sehr solche Läufe voneinander abweichen: Nichts gilt als über dem Rauschen. Ein weiterer Lauf trennt eine Drift vom Rauschen.</translation>
    </message>
    <message>
        <source>runs %1 and %2 are of one configuration, with no third run to measure their noise</source>
        <translation>die Läufe %1 und %2 haben dieselbe Konfiguration, ohne dritten Lauf, der ihr Rauschen misst</translation>
    </message>
    <message>
        <source>%1, others waiting</source>
        <translation>%1, während andere warteten</translation>
    </message>
    <message>
        <source>(not measured)</source>
        <translation>(nicht gemessen)</translation>
    </message>
    <message>
        <source>server: most requests running at once</source>
        <translation>Server: höchstens gleichzeitig laufende Anfragen</translation>
    </message>
    <message>
        <source>Capacity: run %1 %2, run %3 %4.</source>
        <translation>Kapazität: Lauf %1 %2, Lauf %3 %4.</translation>
    </message>
    <message>
        <source>Capacity %1: run %2 %3, run %4 %5.</source>
        <translation>Kapazität %1: Lauf %2 %3, Lauf %4 %5.</translation>
    </message>
    <message>
        <source>rose by %1</source>
        <translation>um %1 gestiegen</translation>
    </message>
    <message>
        <source>fell by %1</source>
        <translation>um %1 gefallen</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>The server&apos;s facts are the same in both.</source>
        <translation>Die Angaben des Servers sind in beiden gleich.</translation>
    </message>
    <message>
        <source>The server differs: %1.</source>
        <translation>Der Server unterscheidet sich: %1.</translation>
    </message>
    <message>
        <source>At the loads both measured, %1 of %2 latency comparisons differ beyond noise (%3 better in run %4, %5 worse), each by a test corrected for the table&apos;s size, by at least %6, and with a 95% interval for the change that leaves out zero.</source>
        <translation>Bei den Lasten, die beide gemessen haben, unterscheiden sich %1 von %2 Latenzvergleichen über das Rauschen hinaus (%3 besser in Lauf %4, %5 schlechter), jeweils nach einem für die Größe der Tabelle korrigierten Test, um mindestens %6 und mit einem 95-%-Intervall der Änderung, das null ausschließt.</translation>
    </message>
    <message>
        <source>%1, no cap reached</source>
        <translation>%1, keine Grenze erreicht</translation>
    </message>
    <message>
        <source>run %1 has no capacity</source>
        <translation>Lauf %1 hat keine Kapazität</translation>
    </message>
    <message>
        <source>%1 users</source>
        <translation>%1 Nutzer</translation>
    </message>
    <message>
        <source>run %1&apos;s range of %2 rests on steps too short to bound the percentile</source>
        <translation>der Bereich von Lauf %1 (%2) beruht auf Schritten, die zu kurz sind, um das Perzentil einzugrenzen</translation>
    </message>
    <message>
        <source>the confidence in run %1&apos;s capacity is low</source>
        <translation>das Vertrauen in die Kapazität von Lauf %1 ist niedrig</translation>
    </message>
    <message>
        <source>run %1 has no capacity to take a share of</source>
        <translation>Lauf %1 hat keine Kapazität, auf die sich ein Anteil beziehen ließe</translation>
    </message>
    <message>
        <source>the ranges overlap (run %1 %2, run %3 %4)</source>
        <translation>die Bereiche überlappen sich (Lauf %1 %2, Lauf %3 %4)</translation>
    </message>
    <message>
        <source>Not beyond noise: %1.</source>
        <translation>Nicht über dem Rauschen: %1.</translation>
    </message>
    <message>
        <source>Not judged: %1.</source>
        <translation>Nicht beurteilt: %1.</translation>
    </message>
    <message>
        <source>run %1&apos;s range of %2 and run %3&apos;s of %4 lie apart</source>
        <translation>der Bereich von Lauf %1 (%2) und der von Lauf %3 (%4) liegen auseinander</translation>
    </message>
    <message>
        <source>intervals apart</source>
        <translation>Intervalle liegen auseinander</translation>
    </message>
    <message>
        <source>Beyond noise: %1.</source>
        <translation>Über dem Rauschen: %1.</translation>
    </message>
    <message>
        <source>%1 req/s</source>
        <translation>%1 Anfr./s</translation>
    </message>
</context>
<context>
    <name>RunData</name>
    <message>
        <source>1 user</source>
        <comment>in a sentence, after at/from/to</comment>
        <translation>1 Nutzer</translation>
    </message>
    <message numerus="yes">
        <source>%n users</source>
        <comment>in a sentence, after at/from/to</comment>
        <translation>
            <numerusform>%n Nutzer</numerusform>
            <numerusform>%n Nutzern</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 req/s</source>
        <translation>%1 Anfragen/s</translation>
    </message>
    <message>
        <source>1 user</source>
        <comment>a table cell or label</comment>
        <translation>1 Nutzer</translation>
    </message>
    <message numerus="yes">
        <source>%n users</source>
        <comment>a table cell or label</comment>
        <translation>
            <numerusform>%n Nutzer</numerusform>
            <numerusform>%n Nutzer</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no run %1.</source>
        <translation>Es gibt keinen Lauf %1.</translation>
    </message>
    <message>
        <source>each within ±%1</source>
        <translation>jeweils innerhalb ±%1</translation>
    </message>
    <message>
        <source>in conversations of %1 turns</source>
        <translation>in Gesprächen zu %1 Runden</translation>
    </message>
    <message>
        <source>to %1</source>
        <translation>an %1</translation>
    </message>
    <message>
        <source>to %1 models by weight (%2)</source>
        <translation>an %1 Modelle nach Gewicht (%2)</translation>
    </message>
    <message>
        <source>in agents&apos; conversations of %1 turns, each turn but the last followed by %2 sub-calls at once</source>
        <translation>in Agenten-Gesprächen zu %1 Runden, jede Runde außer der letzten gefolgt von %2 gleichzeitigen Teilaufrufen</translation>
    </message>
    <message>
        <source>in %1 conversations, with %2 fan-outs of up to %3 sub-calls at once</source>
        <translation>in %1 Gesprächen, mit %2 Verzweigungen in bis zu %3 gleichzeitige Teilaufrufe</translation>
    </message>
    <message>
        <source>in %1 conversations</source>
        <translation>in %1 Gesprächen</translation>
    </message>
</context>
<context>
    <name>RunPlan</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>1 request</source>
        <translation>1 Anfrage</translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation>%1 Anfragen</translation>
    </message>
    <message>
        <source> and 1 warm-up first</source>
        <translation> und zuvor 1 zum Aufwärmen</translation>
    </message>
    <message>
        <source> and %1 warm-ups first</source>
        <translation> und zuvor %1 zum Aufwärmen</translation>
    </message>
    <message>
        <source>, replaying %1 (%2) at its own times over %3 s</source>
        <translation>, spielt %1 (%2) zu seinen eigenen Zeiten über %3 s nach</translation>
    </message>
    <message>
        <source>%1. %2, left to the other shards</source>
        <translation>%1. %2, den anderen Shards überlassen</translation>
    </message>
</context>
<context>
    <name>ServerFacts</name>
    <message>
        <source>%1 (version unknown)</source>
        <translation>%1 (Version unbekannt)</translation>
    </message>
</context>
<context>
    <name>ServerFamily</name>
    <message>
        <source>an unknown server</source>
        <translation>ein unbekannter Server</translation>
    </message>
</context>
<context>
    <name>ServerOutage</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message numerus="yes">
        <source>%n closed before any answer</source>
        <translation>
            <numerusform>%n vor jeder Antwort geschlossen</numerusform>
            <numerusform>%n vor jeder Antwort geschlossen</numerusform>
        </translation>
    </message>
    <message>
        <source>its %1 counter fell from %2 to %3</source>
        <translation>sein Zähler %1 fiel von %2 auf %3</translation>
    </message>
    <message>
        <source>back after %1</source>
        <translation>zurück nach %1</translation>
    </message>
    <message>
        <source>no answer for %1</source>
        <translation>%1 lang keine Antwort</translation>
    </message>
    <message>
        <source>The server stopped answering at %1 (%2); no capacity is drawn from this run&apos;s failed step, and no wall or advice from this run.</source>
        <translation>Der Server antwortete ab %1 nicht mehr (%2); aus dem gescheiterten Schritt dieses Laufs wird keine Kapazität abgeleitet, und aus diesem Lauf keine Grenze und kein Rat.</translation>
    </message>
    <message>
        <source>The server restarted at %1 and failed again (%2); no capacity is drawn from this run&apos;s failed step, and no wall or advice from this run.</source>
        <translation>Der Server startete bei %1 neu und fiel erneut aus (%2); aus dem gescheiterten Schritt dieses Laufs wird keine Kapazität abgeleitet, und aus diesem Lauf keine Grenze und kein Rat.</translation>
    </message>
    <message>
        <source>The server restarted before the step at %1</source>
        <translation>Der Server startete vor dem Schritt bei %1 neu</translation>
    </message>
    <message>
        <source>Between two steps, %1.</source>
        <translation>Zwischen zwei Schritten: %1.</translation>
    </message>
    <message>
        <source>Each step measured one server process, but the steps from this one on measured a new one, with its caches empty.</source>
        <translation>Jeder Schritt hat einen Serverprozess gemessen, die Schritte ab diesem aber einen neuen, mit leeren Caches.</translation>
    </message>
    <message>
        <source>A counter of the server&apos;s only falls when its process starts again and counts from zero.</source>
        <translation>Ein Zähler des Servers fällt nur, wenn sein Prozess neu startet und wieder bei null zu zählen beginnt.</translation>
    </message>
    <message>
        <source>At %1: %2.</source>
        <translation>Bei %1: %2.</translation>
    </message>
    <message>
        <source>A server process that exits (a crash, running out of memory, a restart by hand or by a supervisor) refuses connections until it is back; that is no measure of how much load it takes.</source>
        <translation>Ein Serverprozess, der endet (ein Absturz, zu wenig Speicher, ein Neustart von Hand oder durch einen Supervisor), weist Verbindungen ab, bis er wieder da ist; das misst nicht, wie viel Last er trägt.</translation>
    </message>
    <message>
        <source>The server went away for %1 at %2</source>
        <translation>Der Server war bei %2 für %1 weg</translation>
    </message>
    <message>
        <source>At %1: %2; the step was measured again once it answered.</source>
        <translation>Bei %1: %2; der Schritt wurde neu gemessen, sobald er wieder antwortete.</translation>
    </message>
    <message>
        <source>The step it went away in was discarded: the requests the outage failed count against nothing, and every figure comes from a server that answered.</source>
        <translation>Der Schritt, in dem er wegfiel, wurde verworfen: die Anfragen, die der Ausfall scheitern ließ, zählen gegen nichts, und jede Zahl stammt von einem Server, der antwortete.</translation>
    </message>
    <message>
        <source>The server stopped answering at %1</source>
        <translation>Der Server antwortete ab %1 nicht mehr</translation>
    </message>
    <message>
        <source>The run stopped there. The steps before it are kept as measured; the one it went away in is not, and no capacity, wall or advice is drawn from it. Find out why the server exited (its log), then run again.</source>
        <translation>Der Lauf endete dort. Die Schritte davor bleiben wie gemessen; der, in dem er wegfiel, nicht, und daraus wird keine Kapazität, keine Grenze und kein Rat abgeleitet. Finden Sie heraus, warum der Server endete (sein Log), und messen Sie dann erneut.</translation>
    </message>
    <message>
        <source>Not judged: the server stopped answering at %1.</source>
        <translation>Nicht beurteilt: der Server antwortete ab %1 nicht mehr.</translation>
    </message>
    <message>
        <source>1 request refused at the connection</source>
        <translation>1 Anfrage beim Verbindungsaufbau abgewiesen</translation>
    </message>
    <message numerus="yes">
        <source>%n requests refused at the connection</source>
        <translation>
            <numerusform>%n Anfrage beim Verbindungsaufbau abgewiesen</numerusform>
            <numerusform>%n Anfragen beim Verbindungsaufbau abgewiesen</numerusform>
        </translation>
    </message>
    <message>
        <source>1 closed before any answer</source>
        <translation>1 vor jeder Antwort geschlossen</translation>
    </message>
</context>
<context>
    <name>StepBudget</name>
    <message>
        <source>an unknown time</source>
        <translation>eine unbekannte Zeit</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>1 step</source>
        <translation>1 Schritt</translation>
    </message>
    <message>
        <source>%1 steps</source>
        <translation>%1 Schritte</translation>
    </message>
    <message>
        <source>: the baseline is already over three times a target, so the concurrency sweep stops after its first load</source>
        <translation>: schon die Basismessung liegt über dem Dreifachen eines Ziels, also endet der Parallelitäts-Sweep nach seiner ersten Last</translation>
    </message>
    <message>
        <source>, fewer if the sweep stops early</source>
        <translation>, weniger, falls der Sweep früher endet</translation>
    </message>
    <message>
        <source>, up to %1 if the capacity search adds some</source>
        <translation>, bis zu %1, falls die Kapazitätssuche welche hinzufügt</translation>
    </message>
    <message>
        <source>The rest of the run takes about %1 (%2</source>
        <translation>Der Rest des Laufs dauert etwa %1 (%2</translation>
    </message>
    <message>
        <source>; %1 trimmed to fit %2 each: fewer requests, so their percentile may have no upper bound</source>
        <translation>; %1 gekürzt auf je %2: weniger Anfragen, daher hat ihr Perzentil womöglich keine obere Schranke</translation>
    </message>
    <message>
        <source>The rest of the run takes about %1 (%2 of the server&apos;s time at %3× speed; %4</source>
        <translation>Der Rest des Laufs dauert etwa %1 (%2 in der Zeit des Servers bei %3-facher Geschwindigkeit; %4</translation>
    </message>
</context>
<context>
    <name>SweepInput</name>
    <message>
        <source>A shared prefix of %1 tokens leaves no room in a %2-token prompt for each request&apos;s own %3 words: use a shared prefix of %4 tokens or less, or prompts of %5 tokens or more.</source>
        <translation>Ein gemeinsames Präfix von %1 Tokens lässt in einem Prompt von %2 Tokens keinen Platz für die eigenen %3 Wörter jeder Anfrage: Verwenden Sie ein gemeinsames Präfix von höchstens %4 Tokens oder Prompts ab %5 Tokens.</translation>
    </message>
    <message>
        <source>A %1-token prompt is shorter than any Kneepoint sends: each prompt starts with %2 words of its own, so that no two share a prefix, and the BOS token, %3 tokens in all. Ask for %3 tokens in or more (such as %3/%4).</source>
        <translation>Ein Prompt von %1 Tokens ist kürzer als jeder, den Kneepoint sendet: Jeder Prompt beginnt mit %2 eigenen Wörtern, damit keine zwei ein Präfix teilen, und dem BOS-Token, zusammen %3 Tokens. Verlangen Sie %3 Tokens Eingabe oder mehr (etwa %3/%4).</translation>
    </message>
</context>
<context>
    <name>TextFormat</name>
    <message>
        <source>time to first token</source>
        <translation>die Zeit bis zum ersten Token</translation>
    </message>
    <message>
        <source>time per output token</source>
        <translation>die Zeit pro Ausgabe-Token</translation>
    </message>
    <message>
        <source>end-to-end latency</source>
        <translation>die End-to-End-Latenz</translation>
    </message>
    <message>
        <source>the share of failed requests</source>
        <translation>der Anteil fehlgeschlagener Anfragen</translation>
    </message>
    <message>
        <source>the share of requests meeting every target</source>
        <translation>der Anteil der Anfragen, die jeden Zielwert einhalten</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <comment>the last two items of a list</comment>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <source>about %1 user</source>
        <comment>in a sentence</comment>
        <translation>etwa %1 Nutzer</translation>
    </message>
    <message>
        <source>%1 user</source>
        <comment>in a sentence</comment>
        <translation>%1 Nutzer</translation>
    </message>
    <message>
        <source>about %1 users</source>
        <comment>in a sentence</comment>
        <translation>etwa %1 Nutzern</translation>
    </message>
    <message>
        <source>%1 users</source>
        <comment>in a sentence</comment>
        <translation>%1 Nutzern</translation>
    </message>
    <message>
        <source>about %1 user</source>
        <comment>a label</comment>
        <translation>etwa %1 Nutzer</translation>
    </message>
    <message>
        <source>%1 user</source>
        <comment>a label</comment>
        <translation>%1 Nutzer</translation>
    </message>
    <message>
        <source>about %1 users</source>
        <comment>a label</comment>
        <translation>etwa %1 Nutzer</translation>
    </message>
    <message>
        <source>%1 users</source>
        <comment>a label</comment>
        <translation>%1 Nutzer</translation>
    </message>
    <message>
        <source>en_US</source>
        <comment>the locale whose digits, decimal point and thousands separator the sentences use</comment>
        <translation>de_DE</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>∞ (failed requests count as infinitely slow)</source>
        <translation>∞ (fehlgeschlagene Anfragen zählen als unendlich langsam)</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>%1 req/s</source>
        <translation>%1 Anfr./s</translation>
    </message>
    <message>
        <source>less than 1 in 1,000 by chance</source>
        <translation>zufällig seltener als 1 von 1.000 Mal</translation>
    </message>
    <message>
        <source>nearly every time by chance</source>
        <translation>zufällig fast jedes Mal</translation>
    </message>
    <message>
        <source>about %1 in 1,000 by chance</source>
        <translation>zufällig etwa %1 von 1.000 Mal</translation>
    </message>
    <message>
        <source>about %1 in 100 by chance</source>
        <translation>zufällig etwa %1 von 100 Mal</translation>
    </message>
    <message>
        <source>about %1 req/s</source>
        <translation>etwa %1 Anfr./s</translation>
    </message>
    <message>
        <source>time to the first answer token</source>
        <translation>Zeit bis zum ersten Antwort-Token</translation>
    </message>
</context>
<context>
    <name>TrafficProfile</name>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Interactive chat: people wait for the first token, then read as the answer streams.</source>
        <translation>Interaktiver Chat: Menschen warten auf das erste Token und lesen dann mit, während die Antwort gestreamt wird.</translation>
    </message>
    <message>
        <source>RAG</source>
        <translation>RAG</translation>
    </message>
    <message>
        <source>Retrieval-augmented generation: long prompts of retrieved text, short answers.</source>
        <translation>Retrieval-Augmented Generation: lange Prompts aus abgerufenem Text, kurze Antworten.</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Reasoning</translation>
    </message>
    <message>
        <source>Reasoning: short questions, long answers; steady streaming matters most.</source>
        <translation>Reasoning: kurze Fragen, lange Antworten; gleichmäßiges Streaming zählt am meisten.</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Batch: nobody waits for one answer; throughput comes first.</source>
        <translation>Batch: Niemand wartet auf eine einzelne Antwort; der Durchsatz hat Vorrang.</translation>
    </message>
</context>
<context>
    <name>TrustChecks</name>
    <message>
        <source>Each step reached a steady state</source>
        <translation>Jeder Schritt erreichte einen stabilen Zustand</translation>
    </message>
    <message>
        <source>No load steps were measured.</source>
        <translation>Es wurden keine Laststufen gemessen.</translation>
    </message>
    <message>
        <source>All %1 steps held their full load for a measurable window.</source>
        <translation>Alle %1 Schritte hielten ihre volle Last über ein messbares Zeitfenster.</translation>
    </message>
    <message>
        <source>%1 never held the full load long enough to measure; their throughput is over the whole step, ramp-up included. Run more requests per step.</source>
        <translation>Bei %1 wurde die volle Last nie lange genug gehalten, um sie zu messen; der Durchsatz dort gilt für den ganzen Schritt, Hochlauf eingeschlossen. Führen Sie mehr Anfragen pro Schritt aus.</translation>
    </message>
    <message>
        <source>The client was not the bottleneck</source>
        <translation>Der Client war nicht der Engpass</translation>
    </message>
    <message>
        <source>The client&apos;s CPU time was not recorded for this run.</source>
        <translation>Die CPU-Zeit des Clients wurde für diesen Lauf nicht aufgezeichnet.</translation>
    </message>
    <message>
        <source>the client used at most %1 of its %2 cores&apos; time (at %3)</source>
        <translation>der Client nutzte höchstens %1 der Zeit seiner %2 Kerne (bei %3)</translation>
    </message>
    <message>
        <source>requests left at most %1 behind their schedule at p99 (at %2)</source>
        <translation>Anfragen wurden bei p99 höchstens %1 später als geplant gesendet (bei %2)</translation>
    </message>
    <message>
        <source> Run the client on a machine with more free cores, or lower the load.</source>
        <translation> Führen Sie den Client auf einem Rechner mit mehr freien Kernen aus oder senken Sie die Last.</translation>
    </message>
    <message>
        <source>Answers were as long as requested</source>
        <translation>Die Antworten waren so lang wie angefordert</translation>
    </message>
    <message>
        <source>All %1 successful requests produced the output length asked for.</source>
        <translation>Alle %1 erfolgreichen Anfragen lieferten die angeforderte Ausgabelänge.</translation>
    </message>
    <message>
        <source>%1 of %2 answers differed from the length asked for, so per-token figures compare unlike requests. The server may ignore ignore_eos or cap max_tokens.</source>
        <translation>%1 von %2 Antworten wichen von der angeforderten Länge ab, daher vergleichen Werte pro Token ungleiche Anfragen. Der Server ignoriert möglicherweise ignore_eos oder begrenzt max_tokens.</translation>
    </message>
    <message>
        <source>Enough requests for p%1</source>
        <translation>Genug Anfragen für p%1</translation>
    </message>
    <message>
        <source>its upper bound is unknown at 95% confidence</source>
        <translation>ihre Obergrenze ist bei 95% Konfidenz unbekannt</translation>
    </message>
    <message>
        <source>its 95% interval is %1 to %2</source>
        <translation>ihr 95-%-Intervall reicht von %1 bis %2</translation>
    </message>
    <message>
        <source>The thinnest step (%1) has %2 successful requests; p%3 wants at least %4. Its TTFT p%3 is %5 and %6.</source>
        <translation>Der Schritt mit den wenigsten Anfragen (bei %1) hat %2 erfolgreiche Anfragen; p%3 braucht mindestens %4. Seine TTFT p%3 beträgt %5, und %6.</translation>
    </message>
    <message>
        <source>Errors were counted as failures</source>
        <translation>Fehler wurden als Fehlschläge gezählt</translation>
    </message>
    <message>
        <source>None of %1 requests failed.</source>
        <translation>Keine der %1 Anfragen ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>%1 of %2 requests failed; each counts against SLO attainment and against the percentile targets, as an infinitely slow answer would.</source>
        <translation>%1 von %2 Anfragen sind fehlgeschlagen; jede zählt gegen die SLO-Erfüllung und gegen die Perzentil-Zielwerte, wie es eine unendlich langsame Antwort täte.</translation>
    </message>
    <message>
        <source>No gateway or rate limit held the load back</source>
        <translation>Kein Gateway und keine Ratenbegrenzung hielt die Last zurück</translation>
    </message>
    <message>
        <source>%1 requests were refused with 429 Too Many Requests: a gateway or the server limits the rate, so the load measured is not the load sent.</source>
        <translation>%1 Anfragen wurden mit 429 Too Many Requests abgewiesen: Ein Gateway oder der Server begrenzt die Rate, daher ist die gemessene Last nicht die gesendete.</translation>
    </message>
    <message>
        <source>At %1 the server saw at most %2 requests at once (running and waiting): something between the client and the engine may cap the load.</source>
        <translation>Bei %1 sah der Server höchstens %2 Anfragen gleichzeitig (laufend und wartend): Etwas zwischen Client und Engine begrenzt möglicherweise die Last.</translation>
    </message>
    <message>
        <source>The server saw every user the client held open, and nothing answered 429.</source>
        <translation>Der Server sah jeden Nutzer, den der Client offen hielt, und nichts antwortete mit 429.</translation>
    </message>
    <message>
        <source>Nothing answered 429; the server&apos;s running count was not visible.</source>
        <translation>Nichts antwortete mit 429; die Zahl der laufenden Anfragen im Server war nicht sichtbar.</translation>
    </message>
    <message>
        <source>The network is a small part of TTFT</source>
        <translation>Das Netzwerk ist ein kleiner Teil der TTFT</translation>
    </message>
    <message>
        <source>The network round trip or the baseline&apos;s TTFT was not measured.</source>
        <translation>Die Netzwerk-Umlaufzeit oder die TTFT der Basismessung wurde nicht gemessen.</translation>
    </message>
    <message>
        <source>The round trip of %1 is %2 of the single-user TTFT of %3; TTFT targets are judged with it allowed on top.</source>
        <translation>Die Umlaufzeit von %1 beträgt %2 der TTFT von %3 mit einem einzelnen Nutzer; TTFT-Zielwerte werden mit diesem Aufschlag beurteilt.</translation>
    </message>
    <message>
        <source>Versions were recorded</source>
        <translation>Die Versionen wurden aufgezeichnet</translation>
    </message>
    <message>
        <source>The server did not say its vLLM version (/version), so advice cannot be checked against it. Kneepoint %1.</source>
        <translation>Der Server hat seine vLLM-Version nicht genannt (/version), daher lassen sich Empfehlungen nicht gegen sie prüfen. Kneepoint %1.</translation>
    </message>
    <message>
        <source>vLLM %1, Kneepoint %2.</source>
        <translation>vLLM %1, Kneepoint %2.</translation>
    </message>
    <message>
        <source>Results are within what the GPU can do</source>
        <translation>Die Ergebnisse liegen im Rahmen dessen, was die GPU leisten kann</translation>
    </message>
    <message>
        <source>There was no baseline to compare with the GPU&apos;s limits.</source>
        <translation>Es gab keine Basismessung, die sich mit den Grenzen der GPU vergleichen ließe.</translation>
    </message>
    <message>
        <source>One request reached %1 of the bandwidth floor of %2 on %3.</source>
        <translation>Eine einzelne Anfrage erreichte %1 der Bandbreitenuntergrenze von %2 auf %3.</translation>
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
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>Measured by Kneepoint itself</source>
        <translation>Von Kneepoint selbst gemessen</translation>
    </message>
    <message>
        <source>Measured by %1 (kneepoint run --engine)</source>
        <translation>Gemessen von %1 (kneepoint run --engine)</translation>
    </message>
    <message>
        <source>Imported from %1 (%2)</source>
        <translation>Importiert aus %1 (%2)</translation>
    </message>
    <message>
        <source>%1: %2 not recorded.</source>
        <translation>%1: %2 nicht aufgezeichnet.</translation>
    </message>
    <message>
        <source>The server is %1 and did not say its build. Kneepoint %2.</source>
        <translation>Der Server ist %1 und hat seinen Build nicht genannt. Kneepoint %2.</translation>
    </message>
    <message>
        <source>%1 %2, Kneepoint %3.</source>
        <translation>%1 %2, Kneepoint %3.</translation>
    </message>
    <message>
        <source>Prompts did not come from the server&apos;s prefix cache</source>
        <translation>Prompts kamen nicht aus dem Präfix-Cache des Servers</translation>
    </message>
    <message>
        <source>Every request had its own prompt: at most %1 of prompt tokens came from the server&apos;s cache, beyond the first %2 tokens every prompt shares (BOS, a chat template&apos;s opening).</source>
        <translation>Jede Anfrage hatte ihren eigenen Prompt: Höchstens %1 der Prompt-Tokens kamen aus dem Cache des Servers, über die ersten %2 Tokens hinaus, die jeder Prompt teilt (BOS, der Anfang einer Chat-Vorlage).</translation>
    </message>
    <message>
        <source>Output lengths were not recorded: the file&apos;s are all 0 (a vllm bench serve client that reads usage only from a chunk without choices), so Kneepoint counted one token a chunk.</source>
        <translation>Ausgabelängen wurden nicht aufgezeichnet: In der Datei sind alle 0 (ein Client von vllm bench serve, der usage nur aus einem Chunk ohne choices liest), daher zählte Kneepoint ein Token pro Chunk.</translation>
    </message>
    <message>
        <source> %1 were sent again on a fresh connection because the server had closed the kept-alive one first; they are not failures.</source>
        <translation> %1 wurden auf einer neuen Verbindung erneut gesendet, weil der Server die offen gehaltene zuvor geschlossen hatte; sie sind keine Fehler.</translation>
    </message>
    <message>
        <source>TPOT %1 against a floor of %2</source>
        <translation>TPOT %1 bei einer Untergrenze von %2</translation>
    </message>
    <message>
        <source>TTFT %1 against a floor of %2</source>
        <translation>TTFT %1 bei einer Untergrenze von %2</translation>
    </message>
    <message>
        <source>One request ran faster than %1 allows for %2 (%3). Likely: %4.</source>
        <translation>Eine Anfrage lief schneller, als %1 für %2 erlaubt (%3). Wahrscheinlich: %4.</translation>
    </message>
    <message>
        <source>The server reported no cached prompt tokens (neither usage.prompt_tokens_details.cached_tokens nor prefix-cache counters in /metrics), so prefix-cache hits could not be counted.</source>
        <translation>Der Server meldete keine zwischengespeicherten Prompt-Tokens (weder usage.prompt_tokens_details.cached_tokens noch Präfix-Cache-Zähler in /metrics), daher ließen sich Treffer im Präfix-Cache nicht zählen.</translation>
    </message>
    <message>
        <source>At %1 the server answered %2 of prompt tokens from its prefix cache (%3): those prompts skipped most of their prefill, so TTFT and throughput look better than for new prompts. Kneepoint sends each request its own prompt, so the reuse came from the data set repeating itself, a shared prefix, or another client sending the same prompts.</source>
        <translation>Bei %1 beantwortete der Server %2 der Prompt-Tokens aus seinem Präfix-Cache (%3): Diese Prompts übersprangen den größten Teil ihres Prefills, daher wirken TTFT und Durchsatz besser als bei neuen Prompts. Kneepoint sendet jeder Anfrage ihren eigenen Prompt; die Wiederverwendung kam also von einem sich wiederholenden Datensatz, einem gemeinsamen Präfix oder einem anderen Client mit denselben Prompts.</translation>
    </message>
    <message>
        <source>Every prompt starts with the same %1 tokens, as asked (--shared-prefix): the server served up to %2 of prompt tokens from its cache (at %3), and no more than that shared part.</source>
        <translation>Jeder Prompt beginnt wie gewünscht mit denselben %1 Tokens (--shared-prefix): Der Server lieferte bis zu %2 der Prompt-Tokens aus seinem Cache (bei %3), und nicht mehr als diesen gemeinsamen Teil.</translation>
    </message>
    <message>
        <source>%1 never held the full load at all.</source>
        <translation>%1 erreichten die volle Last nie.</translation>
    </message>
    <message>
        <source>At %1 too the 95% interval of p%2 has no upper bound, so the figures there may be lower than the truth.</source>
        <translation>Auch bei %1 hat das 95-%-Intervall von p%2 keine obere Grenze, daher können die Werte dort niedriger sein als die Wirklichkeit.</translation>
    </message>
    <message>
        <source>The data set has %1 requests, fewer than the run sent: from %2 on, %3 requests sent a line an earlier step had sent, and a server&apos;s prefix cache may have answered those from memory%4. Use a data set with more lines than the run sends, or fewer requests per step.</source>
        <translation>Der Datensatz hat %1 Anfragen, weniger als der Lauf sendete: Ab %2 sendeten %3 Anfragen eine Zeile, die ein früherer Schritt schon gesendet hatte, und der Präfix-Cache eines Servers kann diese aus dem Speicher beantwortet haben%4. Nehmen Sie einen Datensatz mit mehr Zeilen, als der Lauf sendet, oder weniger Anfragen pro Schritt.</translation>
    </message>
    <message>
        <source> (it served up to %1 of prompt tokens, at %2)</source>
        <translation> (er lieferte bis zu %1 der Prompt-Tokens, bei %2)</translation>
    </message>
    <message numerus="yes">
        <source>Those are the requests sent while the full load held. Left out of the percentiles: %n sent as users ramped in or drained out.</source>
        <translation>
            <numerusform>Das sind die Anfragen, die gesendet wurden, während die volle Last anlag. Bei den Perzentilen außen vor: %n, beim Hoch- oder Auslaufen der Nutzer gesendet.</numerusform>
            <numerusform>Das sind die Anfragen, die gesendet wurden, während die volle Last anlag. Bei den Perzentilen außen vor: %n, beim Hoch- oder Auslaufen der Nutzer gesendet.</numerusform>
        </translation>
    </message>
    <message>
        <source>This was a quick run (--quick); without it each step sends enough requests for a bounded p%1.</source>
        <translation>Dies war ein kurzer Lauf (--quick); ohne ihn sendet jeder Schritt genug Anfragen für ein beschränktes p%1.</translation>
    </message>
    <message>
        <source> The step at %1 was stopped by the user and is not counted: the requests cut short there (%2) are not failures.</source>
        <translation> Der Schritt bei %1 wurde vom Benutzer gestoppt und zählt nicht: die dort abgebrochenen Anfragen (%2) sind keine Fehler.</translation>
    </message>
    <message>
        <source>the load threads&apos; event loops woke at most %1 late at p99 (at %2)</source>
        <translation>die Ereignisschleifen der Last-Threads wachten beim p99 höchstens %1 zu spät auf (bei %2)</translation>
    </message>
    <message>
        <source>the busiest load thread used %1 of a core (at %2)</source>
        <translation>der am stärksten belastete Last-Thread nutzte %1 eines Kerns (bei %2)</translation>
    </message>
    <message>
        <source>At %1 no measured request was in the step&apos;s sample (the step ended before one did), so that load is left off the curve and not judged. Run more requests per step, or a longer --duration.</source>
        <translation>Bei %1 lag keine gemessene Anfrage in der Stichprobe des Schritts (der Schritt endete, bevor eine fertig war), daher fehlt diese Last in der Kurve und wird nicht beurteilt. Mehr Anfragen pro Schritt oder eine längere --duration verwenden.</translation>
    </message>
    <message>
        <source>%1 never held the full load long enough to measure.</source>
        <translation>%1 hielt die volle Last nie lange genug für eine Messung.</translation>
    </message>
    <message>
        <source>%1 of its %2 cores&apos; time</source>
        <translation>%1 der Zeit seiner %2 Kerne</translation>
    </message>
    <message>
        <source>requests sent %1 late at p99</source>
        <translation>Anfragen bei p99 %1 zu spät gesendet</translation>
    </message>
    <message>
        <source>event loops %1 late at p99</source>
        <translation>Ereignisschleifen bei p99 %1 zu spät</translation>
    </message>
    <message>
        <source>The client fell behind at %1: the figures of those steps may be partly the client&apos;s.</source>
        <translation>Der Client kam bei %1 nicht mit: Die Zahlen dieser Schritte können teils vom Client stammen.</translation>
    </message>
    <message>
        <source>%1, %2 in the server&apos;s time at %3× speed</source>
        <translation>%1, %2 in der Zeit des Servers bei %3-facher Geschwindigkeit</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (%2: %3 of its TTFT p%4 of %5)</source>
        <translation>%1 (%2: %3 seiner TTFT p%4 von %5)</translation>
    </message>
    <message>
        <source>At each of %1 /metrics scrapes the simulator&apos;s engine loop was at most %2 behind its clock (at %3); it warns past %4.</source>
        <translation>Bei jeder der %1 Abfragen von /metrics lag die Engine-Schleife des Simulators höchstens %2 hinter seiner Uhr (bei %3); er warnt ab %4.</translation>
    </message>
    <message>
        <source>The simulator&apos;s engine loop fell more than %1 behind its own clock at %2: tokens came that much later than its model of the server says, so latencies there are partly this machine&apos;s load. Lower the simulator&apos;s --speed or the load, or give it a machine of its own.</source>
        <translation>Die Engine-Schleife des Simulators fiel bei %2 mehr als %1 hinter ihre eigene Uhr zurück: Tokens kamen um so viel später, als sein Modell des Servers sagt, daher gehen die Latenzen dort teils auf die Last dieser Maschine zurück. Senken Sie --speed des Simulators oder die Last, oder geben Sie ihm eine eigene Maschine.</translation>
    </message>
    <message>
        <source>Not every step reached a steady state</source>
        <translation>Nicht jeder Schritt erreichte einen stabilen Zustand</translation>
    </message>
    <message>
        <source>The client may have fallen behind</source>
        <translation>Der Client kam womöglich nicht mit</translation>
    </message>
    <message>
        <source>The simulator kept to its own clock</source>
        <translation>Der Simulator hielt seine eigene Uhr ein</translation>
    </message>
    <message>
        <source>The simulator fell behind its own clock</source>
        <translation>Der Simulator fiel hinter seine eigene Uhr zurück</translation>
    </message>
    <message>
        <source>Some answers were not as long as requested</source>
        <translation>Manche Antworten waren nicht so lang wie angefordert</translation>
    </message>
    <message>
        <source>Prompts may have come from the server&apos;s prefix cache</source>
        <translation>Prompts kamen womöglich aus dem Präfix-Cache des Servers</translation>
    </message>
    <message>
        <source>Too few requests to bound p%1</source>
        <translation>Zu wenige Anfragen, um p%1 einzugrenzen</translation>
    </message>
    <message>
        <source>Some requests failed (counted as failures)</source>
        <translation>Manche Anfragen sind fehlgeschlagen (als Fehlschläge gezählt)</translation>
    </message>
    <message>
        <source>A gateway or rate limit may have held the load back</source>
        <translation>Ein Gateway oder eine Ratenbegrenzung hat die Last womöglich gebremst</translation>
    </message>
    <message>
        <source>The network is a large part of TTFT</source>
        <translation>Das Netzwerk ist ein großer Teil der TTFT</translation>
    </message>
    <message>
        <source>The server&apos;s version is unknown</source>
        <translation>Die Version des Servers ist unbekannt</translation>
    </message>
    <message>
        <source>Measured by another tool, not by Kneepoint</source>
        <translation>Von einem anderen Werkzeug gemessen, nicht von Kneepoint</translation>
    </message>
    <message>
        <source>Some results beat what the GPU can do</source>
        <translation>Manche Ergebnisse übertreffen, was die GPU leisten kann</translation>
    </message>
    <message>
        <source>At %1 the full load held for less than %2 of the server&apos;s cycles (a request&apos;s lifetime, or the part of it a queued request held its place), too short for a steady rate; the throughput is over the step&apos;s measured span instead. Run more requests per step (or --duration).</source>
        <translation>Bei %1 hielt die volle Last weniger als %2 Zyklen des Servers an (die Lebensdauer einer Anfrage, oder der Teil davon, in dem eine wartende Anfrage ihren Platz hielt), zu kurz für eine stetige Rate; der Durchsatz gilt stattdessen über die gemessene Spanne des Schritts. Mehr Anfragen pro Schritt (oder --duration) helfen.</translation>
    </message>
    <message>
        <source> %1 of %2 answers&apos; usage.completion_tokens contradicted the tokens their chunks carried (the first said %3 where its chunks carried %4), so Kneepoint counted the chunks for those.</source>
        <translation> Bei %1 von %2 Antworten widersprach usage.completion_tokens den Tokens, die ihre Chunks trugen (die erste nannte %3, wo ihre Chunks %4 trugen), daher zählte Kneepoint bei diesen die Chunks.</translation>
    </message>
    <message>
        <source>Every answer was as long as asked for, by its chunks.</source>
        <translation>Jede Antwort war, nach ihren Chunks gezählt, so lang wie verlangt.</translation>
    </message>
    <message>
        <source>No step had %1 or more requests of two or more tokens, so whether the stream came buffered was not judged.</source>
        <translation>Kein Schritt hatte %1 oder mehr Anfragen mit zwei oder mehr Tokens, daher wurde nicht beurteilt, ob der Stream gepuffert ankam.</translation>
    </message>
    <message>
        <source>Tokens came as they were made: %1 of %2 requests of two or more tokens had their first token at %3 or more of their answer&apos;s time, where a buffering proxy makes nearly all of them so.</source>
        <translation>Die Tokens kamen, wie sie entstanden: Bei %1 von %2 Anfragen mit zwei oder mehr Tokens kam das erste Token bei %3 oder mehr der Antwortzeit, während ein puffernder Proxy das bei fast allen bewirkt.</translation>
    </message>
    <message>
        <source>%1 of %2 requests of two or more tokens had their first token at %3 or more of their answer&apos;s time (at %4, median TTFT %5 against E2EL %6)</source>
        <translation>bei %1 von %2 Anfragen mit zwei oder mehr Tokens kam das erste Token bei %3 oder mehr der Antwortzeit (bei %4, mittlere TTFT %5 gegenüber E2EL %6)</translation>
    </message>
    <message>
        <source>The stream came buffered: on every step the first token arrived with the last. %1. A proxy or gateway in front, or the server, held each answer and sent it whole, so TTFT here is the whole answer&apos;s time and TPOT is not the server&apos;s: these latencies are the buffer&apos;s. Turn buffering off for the API (nginx: proxy_buffering off) or measure the server directly.</source>
        <translation>Der Stream kam gepuffert an: In jedem Schritt kam das erste Token mit dem letzten. %1. Ein Proxy oder Gateway davor, oder der Server selbst, hielt jede Antwort zurück und sandte sie am Stück, daher ist die TTFT hier die Zeit der ganzen Antwort und die TPOT nicht die des Servers: Diese Latenzen sind die des Puffers. Schalten Sie das Puffern für die API ab (nginx: proxy_buffering off) oder messen Sie den Server direkt.</translation>
    </message>
    <message>
        <source>At %1 the first token arrived with the last on nearly every request, as through a buffering proxy; %2. Short answers behind a long queue look so too.</source>
        <translation>Bei %1 kam das erste Token bei fast jeder Anfrage mit dem letzten, wie durch einen puffernden Proxy; %2. Kurze Antworten hinter einer langen Warteschlange sehen ebenso aus.</translation>
    </message>
    <message>
        <source>%1 of %2 requests (%3) were refused by a gateway in front of the server, not by the server, from %4 on; it said: %5. Past that load the run measured the gateway&apos;s cap, not the server&apos;s capacity.</source>
        <translation>%1 von %2 Anfragen (%3) wurden ab %4 von einem Gateway vor dem Server abgelehnt, nicht vom Server; es sagte: %5. Jenseits dieser Last maß der Lauf die Grenze des Gateways, nicht die Kapazität des Servers.</translation>
    </message>
    <message>
        <source>Tokens arrived as the server made them</source>
        <translation>Die Tokens kamen, wie der Server sie erzeugte</translation>
    </message>
    <message>
        <source>The stream came buffered: first and last token together</source>
        <translation>Der Stream kam gepuffert an: erstes und letztes Token zusammen</translation>
    </message>
    <message>
        <source>Nothing answered 429. At %1 no /metrics scrape was asked in the %2 the full load was held, so how many requests the server saw at once is not known; longer steps (or --scrape-interval-ms) would show it.</source>
        <translation>Nichts antwortete mit 429. Bei %1 wurde in den %2, in denen die volle Last anlag, kein /metrics abgefragt, daher ist nicht bekannt, wie viele Anfragen der Server gleichzeitig sah; längere Schritte (oder --scrape-interval-ms) würden es zeigen.</translation>
    </message>
    <message>
        <source>The prompts of %1 share the blocks its hash ids say they share: the server served up to %2 of prompt tokens from its cache (at %3), as it could when the trace was recorded.</source>
        <translation>Die Prompts von %1 teilen die Blöcke, die seine Hash-IDs als geteilt nennen: Der Server lieferte bis zu %2 der Prompt-Tokens aus seinem Cache (bei %3), wie er es bei der Aufzeichnung konnte.</translation>
    </message>
    <message>
        <source>Agents&apos; conversations of %1 turns resend their history, and a turn&apos;s %2 sub-calls share it, as asked (--turns, --fan-out)</source>
        <translation>Agenten-Gespräche zu %1 Runden senden ihren Verlauf erneut, und die %2 Teilaufrufe einer Runde teilen ihn, wie verlangt (--turns, --fan-out)</translation>
    </message>
    <message>
        <source>Conversations of %1 turns resend their history, as asked (--turns)</source>
        <translation>Gespräche zu %1 Runden senden ihren Verlauf erneut, wie verlangt (--turns)</translation>
    </message>
    <message>
        <source>The data set&apos;s %1 conversations resend their history%2</source>
        <translation>Die %1 Gespräche des Datensatzes senden ihren Verlauf erneut%2</translation>
    </message>
    <message>
        <source>, and the sub-calls of its %1 fan-outs share theirs</source>
        <translation>, und die Teilaufrufe seiner %1 Verzweigungen teilen ihren</translation>
    </message>
    <message>
        <source>%1: the server served up to %2 of prompt tokens from its cache (at %3), as a chat server would.</source>
        <translation>%1: Der Server lieferte bis zu %2 der Prompt-Tokens aus seinem Cache (bei %3), wie es ein Chat-Server täte.</translation>
    </message>
    <message>
        <source>, under half of it: the server prefilled most of the history again (its cache evicted it, or is off), so each turn&apos;s TTFT includes it</source>
        <translation>, weniger als die Hälfte davon: Der Server hat den größten Teil des Verlaufs erneut vorgefüllt (sein Cache hat ihn verdrängt oder ist aus), die TTFT jeder Runde enthält ihn also</translation>
    </message>
    <message>
        <source>%1: %2 of their prompt tokens repeat what an earlier request of the conversation sent, and the server served up to %3 from its cache (at %4)%5.</source>
        <translation>%1: %2 ihrer Prompt-Tokens wiederholen, was eine frühere Anfrage des Gesprächs gesendet hat, und der Server lieferte bis zu %3 aus seinem Cache (bei %4)%5.</translation>
    </message>
    <message>
        <source>The prefix cache served what the conversations resend</source>
        <translation>Der Präfix-Cache lieferte, was die Gespräche erneut senden</translation>
    </message>
    <message>
        <source>The prefix cache served what the trace&apos;s prompts share</source>
        <translation>Der Präfix-Cache lieferte, was die Prompts des Traces teilen</translation>
    </message>
    <message>
        <source>No more than the shared prefix came from the prefix cache</source>
        <translation>Nicht mehr als das gemeinsame Präfix kam aus dem Präfix-Cache</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>about %1 requests per second</source>
        <translation>etwa %1 Anfragen pro Sekunde</translation>
    </message>
    <message>
        <source>%1 requests per second</source>
        <translation>%1 Anfragen pro Sekunde</translation>
    </message>
    <message>
        <source>your</source>
        <comment>the product type, when the run recorded none</comment>
        <translation>allgemein</translation>
    </message>
    <message>
        <source>For your %1 traffic (%2 tokens in, %3 out)</source>
        <translation>Für Ihren Traffic (%1, %2 Tokens Eingabe, %3 Ausgabe)</translation>
    </message>
    <message>
        <source>For your %1 traffic</source>
        <translation>Für Ihren Traffic (%1)</translation>
    </message>
    <message>
        <source>memory is full: %1</source>
        <translation>der Speicher voll ist: %1</translation>
    </message>
    <message>
        <source>not because memory is full: the KV cache was only %1 used there</source>
        <translation>nicht weil der Speicher voll ist: Der KV-Cache war dort nur zu %1 belegt</translation>
    </message>
    <message>
        <source>nor because the GPU is saturated (%1)</source>
        <translation>auch nicht, weil die GPU ausgelastet ist (%1)</translation>
    </message>
    <message>
        <source>well before throughput stops growing at %1</source>
        <translation>lange bevor der Durchsatz bei %1 aufhört zu wachsen</translation>
    </message>
    <message>
        <source>half of the requests</source>
        <translation>die Hälfte der Anfragen</translation>
    </message>
    <message>
        <source>9 of 10 requests</source>
        <translation>9 von 10 Anfragen</translation>
    </message>
    <message>
        <source>999 of 1,000 requests</source>
        <translation>999 von 1.000 Anfragen</translation>
    </message>
    <message>
        <source>%1 of 100 requests</source>
        <translation>%1 von 100 Anfragen</translation>
    </message>
    <message>
        <source>%1 per token</source>
        <translation>%1 pro Token</translation>
    </message>
    <message>
        <source>%1 to the first token</source>
        <translation>%1 bis zum ersten Token</translation>
    </message>
    <message>
        <source>%1 for the whole answer</source>
        <translation>%1 für die ganze Antwort</translation>
    </message>
    <message>
        <source>no latency target, counting only failures</source>
        <translation>kein Latenz-Zielwert, es zählen nur Fehlschläge</translation>
    </message>
    <message>
        <source>your target of %1</source>
        <translation>Ihr Zielwert von %1</translation>
    </message>
    <message>
        <source>your targets of %1</source>
        <translation>Ihre Zielwerte von %1</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1 für %2</translation>
    </message>
    <message>
        <source>%1, no load steps were measured, so there is no verdict yet.</source>
        <translation>%1 wurden keine Laststufen gemessen, daher gibt es noch kein Fazit.</translation>
    </message>
    <message>
        <source>%1 of requests failed</source>
        <translation>%1 der Anfragen schlugen fehl</translation>
    </message>
    <message>
        <source>%1, this server misses %2 even at %3: %4.</source>
        <translation>%1 verfehlt dieser Server selbst bei %3 die Vorgabe (%2): %4.</translation>
    </message>
    <message>
        <source> The cause: %1.</source>
        <translation> Das liegt daran, dass %1.</translation>
    </message>
    <message>
        <source>%1, this server handled every load measured, up to %2, at %3.</source>
        <translation>%1 hat dieser Server jede gemessene Last bis zu %2 bewältigt (Vorgabe: %3).</translation>
    </message>
    <message>
        <source> Memory is the wall to watch: %1.</source>
        <translation> Der Speicher ist die Grenze, die Sie im Auge behalten sollten: %1.</translation>
    </message>
    <message>
        <source> Throughput stopped growing at %1, though: %2, so more users will only wait longer.</source>
        <translation> Der Durchsatz wuchs ab %1 allerdings nicht mehr: %2; weitere Nutzer werden also nur länger warten.</translation>
    </message>
    <message>
        <source> Measure higher loads to find where it breaks.</source>
        <translation> Messen Sie höhere Lasten, um herauszufinden, wo er einbricht.</translation>
    </message>
    <message>
        <source>the server is saturated: %1, so extra users only make each request slower</source>
        <translation>der Server ausgelastet ist: %1, daher machen weitere Nutzer jede Anfrage nur langsamer</translation>
    </message>
    <message>
        <source>the server is full: %1</source>
        <translation>der Server voll ist: %1</translation>
    </message>
    <message>
        <source>the server is saturated: %1, and extra users wait in its queue: %2</source>
        <translation>der Server ausgelastet ist: %1, und weitere Nutzer warten in seiner Warteschlange: %2</translation>
    </message>
    <message>
        <source>while memory could not be judged (%1)</source>
        <translation>während sich der Speicher nicht beurteilen ließ (%1)</translation>
    </message>
    <message>
        <source>For your %1 traffic (%2 tokens in, %3 out, %4)</source>
        <translation>Für Ihren Traffic (%1, %2 Tokens Eingabe, %3 Ausgabe, %4)</translation>
    </message>
    <message>
        <source>%1 (%2, 95% interval)</source>
        <translation>%1 (%2, 95-%-Intervall)</translation>
    </message>
    <message>
        <source>%1 (%2 as measured; too few requests to bound it at 95%)</source>
        <translation>%1 (%2 wie gemessen; zu wenige Anfragen, um es mit 95 % einzugrenzen)</translation>
    </message>
    <message>
        <source>%1 (%2 as measured)</source>
        <translation>%1 (%2 wie gemessen)</translation>
    </message>
    <message>
        <source> The cause is the request&apos;s own prefill: with one user nothing waits for a place, so %1 is what processing %2 prompt tokens and making the first token takes on this server</source>
        <translation> Die Ursache ist das Prefill der Anfrage selbst: mit einem Nutzer wartet nichts auf einen Platz, also brauchen die Verarbeitung von %2 Prompt-Tokens und das erste Token auf diesem Server %1</translation>
    </message>
    <message>
        <source> The cause is decoding itself: with one user alone on the server, each token took %1</source>
        <translation> Die Ursache ist das Dekodieren selbst: mit einem Nutzer allein auf dem Server brauchte jedes Token %1</translation>
    </message>
    <message>
        <source> The curve is not monotone, so this capacity is uncertain: %1 missed (%2 %3) while %4 met every target (%5); a disturbed or noisy step is the likely cause, so measure %1 again.</source>
        <translation> Die Kurve ist nicht monoton, daher ist diese Kapazität unsicher: bei %1 wurde ein Zielwert verfehlt (%2 %3), während bei %4 jeder Zielwert eingehalten wurde (%5); wahrscheinlich war ein Schritt gestört oder verrauscht, also messen Sie den Schritt bei %1 erneut.</translation>
    </message>
    <message>
        <source>it comfortably handled %1 (every figure at least %2 under its target)</source>
        <translation>mit %1 kam er problemlos zurecht (jeder Wert mindestens %2 unter seinem Zielwert)</translation>
    </message>
    <message>
        <source>it handled %1 with %2 to spare on %3</source>
        <translation>mit %1 kam er zurecht, mit nur %2 Spielraum bei %3</translation>
    </message>
    <message>
        <source>it handled %1</source>
        <translation>mit %1 kam er zurecht</translation>
    </message>
    <message>
        <source>%1, this server takes %2 at %3: %4, and breaks above that because %5</source>
        <translation>%1 kommt dieser Server mit %2 zurecht (Vorgabe: %3): %4, und darüber bricht er ein, weil %5</translation>
    </message>
    <message>
        <source>%1 per token (TPOT p%2 %3)</source>
        <translation>%1 pro Token (TPOT p%2 %3)</translation>
    </message>
    <message>
        <source>%1 to the first token (TTFT p%2 %3)</source>
        <translation>%1 bis zum ersten Token (TTFT p%2 %3)</translation>
    </message>
    <message>
        <source>%1 for the whole answer (E2EL p%2 %3)</source>
        <translation>%1 für die ganze Antwort (E2EL p%2 %3)</translation>
    </message>
    <message>
        <source> It met %1 there.</source>
        <translation> Dort hielt er %1 ein.</translation>
    </message>
    <message>
        <source>%1 was %2</source>
        <translation>%1 betrug %2</translation>
    </message>
    <message>
        <source>%1 at p%2</source>
        <translation>%1 bei p%2</translation>
    </message>
    <message>
        <source> A gateway in front of the server capped the load: it refused %1 of %2 requests (%3) from %4 on, saying %5, so that limit is the gateway&apos;s, not the server&apos;s.</source>
        <translation> Ein Gateway vor dem Server begrenzte die Last: Es lehnte ab %4 %1 von %2 Anfragen (%3) ab und sagte %5; diese Grenze ist also die des Gateways, nicht die des Servers.</translation>
    </message>
    <message>
        <source>%1 to the first answer token (TTFO p%2 %3)</source>
        <translation>%1 bis zum ersten Antwort-Token (TTFO p%2 %3)</translation>
    </message>
    <message>
        <source>%1 to the first answer token (after the thinking)</source>
        <translation>%1 bis zum ersten Antwort-Token (nach dem Nachdenken)</translation>
    </message>
    <message>
        <source>did not come at %1 (it thought to the end of every answer)</source>
        <translation>kam bei %1 nicht (es dachte bis zum Ende jeder Antwort nach)</translation>
    </message>
    <message>
        <source>none at %1 (it thought to the end of every answer)</source>
        <translation>bei %1 keines (es dachte bis zum Ende jeder Antwort nach)</translation>
    </message>
    <message>
        <source>came after %1 at p%2 at %3</source>
        <translation>kam bei %3 nach %1 (p%2)</translation>
    </message>
    <message>
        <source>after %1 at %2</source>
        <translation>bei %2 nach %1</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <source> Your target is on the first token, and this model&apos;s first tokens are thinking: its first answer token %1 (TTFO; --slo-ttfo-ms sets a target on it).</source>
        <translation> Ihr Zielwert gilt dem ersten Token, und die ersten Tokens dieses Modells sind Nachdenken: Sein erstes Antwort-Token %1 (TTFO; --slo-ttfo-ms setzt einen Zielwert dafür).</translation>
    </message>
</context>
<context>
    <name>Walls</name>
    <message>
        <source>only %1 more throughput</source>
        <translation>nur %1 mehr Durchsatz</translation>
    </message>
    <message>
        <source>no more throughput</source>
        <translation>keinen zusätzlichen Durchsatz</translation>
    </message>
    <message>
        <source>throughput was still growing: %1 gave %2× the throughput of %3</source>
        <translation>der Durchsatz wuchs noch: Bei %1 war er %2-mal so hoch wie bei %3</translation>
    </message>
    <message>
        <source>too few steps to see whether throughput stops growing</source>
        <translation>zu wenige Schritte, um zu sehen, ob der Durchsatz aufhört zu wachsen</translation>
    </message>
    <message>
        <source>the KV cache reached %1</source>
        <translation>erreichte der KV-Cache %1</translation>
    </message>
    <message>
        <source>%1 requests were preempted</source>
        <translation>wurden %1 Anfragen verdrängt</translation>
    </message>
    <message>
        <source>up to %1 waited in the queue</source>
        <translation>warteten bis zu %1 in der Warteschlange</translation>
    </message>
    <message>
        <source>at %1 %2</source>
        <translation>bei %1 %2</translation>
    </message>
    <message>
        <source>the KV cache peaked at %1 at the highest load, with no preemptions</source>
        <translation>der KV-Cache war bei der höchsten Last zu höchstens %1 belegt, ohne Verdrängungen</translation>
    </message>
    <message>
        <source>the server&apos;s /metrics were not visible, so KV cache use could not be measured</source>
        <translation>die /metrics des Servers waren nicht sichtbar, daher ließ sich die KV-Cache-Belegung nicht messen</translation>
    </message>
    <message>
        <source>no load steps were measured</source>
        <translation>es wurden keine Laststufen gemessen</translation>
    </message>
    <message>
        <source>every target held up to %1, the highest load measured</source>
        <translation>jeder Zielwert hielt bis zu %1, der höchsten gemessenen Last</translation>
    </message>
    <message>
        <source>even at %1, %2 of requests failed</source>
        <translation>selbst bei %1 schlugen %2 der Anfragen fehl</translation>
    </message>
    <message>
        <source>even at %1, %2 was %3, over the %4 target</source>
        <translation>selbst bei %1 betrug %2 %3 und lag damit über dem Zielwert von %4</translation>
    </message>
    <message>
        <source>failed requests rose from %1 at %2 to %3 at %4</source>
        <translation>der Anteil fehlgeschlagener Anfragen stieg von %1 bei %2 auf %3 bei %4</translation>
    </message>
    <message>
        <source>%1 went from %2 at %3 to %4 at %5, past the %6 target</source>
        <translation>%1 stieg von %2 bei %3 auf %4 bei %5 und überschritt damit den Zielwert von %6</translation>
    </message>
    <message>
        <source>Saturation</source>
        <translation>Sättigung</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>at %1 the server ran at most %2 requests at once and up to %3 waited for a free place (%4)</source>
        <translation>bei %1 bearbeitete der Server höchstens %2 Anfragen gleichzeitig, und bis zu %3 warteten auf einen freien Platz (%4)</translation>
    </message>
    <message>
        <source>%1&apos;s /metrics carry no KV cache gauge, so KV cache use could not be measured</source>
        <translation>/metrics von %1 enthält keine Anzeige des KV-Caches, daher ließ sich seine Belegung nicht messen</translation>
    </message>
    <message>
        <source>%1, at the last pair of steps, with no higher load and no queue in the server&apos;s counters to confirm it: measure a higher load to tell a wall from noise</source>
        <translation>%1, beim letzten Paar von Schritten, ohne höhere Last und ohne Warteschlange in den Zählern des Servers, die das bestätigen: Messen Sie eine höhere Last, um eine Wand von Rauschen zu unterscheiden</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>%1, at the last pair of steps, with no higher load to confirm it, and requests waited at %2 only now and then (up to %3, %4), not in a queue that held: measure a higher load to tell a wall from noise</source>
        <translation>%1, beim letzten Paar von Schritten, ohne höhere Last, die das bestätigt, und Anfragen warteten bei %2 nur ab und zu (bis zu %3, %4), nicht in einer Warteschlange, die anhielt: Messen Sie eine höhere Last, um eine Wand von Rauschen zu unterscheiden</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 Tokens/s</translation>
    </message>
    <message>
        <source>%1 tokens/s (%2–%3)</source>
        <translation>%1 Tokens/s (%2–%3)</translation>
    </message>
    <message>
        <source>going from %1 to %2 bought %3 (%4 → %5)</source>
        <translation>der Schritt von %1 zu %2 brachte %3 (%4 → %5)</translation>
    </message>
    <message>
        <source>%1, but %2 then gave %3, within the noise of both steps (their intervals overlap): too noisy to tell a wall from noise; measure longer steps</source>
        <translation>%1, aber %2 brachten danach %3, im Rauschen beider Schritte (ihre Intervalle überlappen): zu verrauscht, um eine Wand von Rauschen zu unterscheiden; messen Sie längere Schritte</translation>
    </message>
    <message>
        <source>%1, but %2 then gave %3: a noisy pair of steps, not a wall</source>
        <translation>%1, aber %2 brachten danach %3: ein verrauschtes Paar von Schritten, keine Wand</translation>
    </message>
    <message>
        <source>No wall was reached up to %1, the highest load measured.</source>
        <translation>Bis %1, der höchsten gemessenen Last, wurde keine Wand erreicht.</translation>
    </message>
    <message>
        <source>Lowest walls: %1 and %2, together at %3</source>
        <translation>Niedrigste Wände: %1 und %2, gemeinsam bei %3</translation>
    </message>
    <message>
        <source>Lowest wall: %1, at %2</source>
        <translation>Niedrigste Wand: %1, bei %2</translation>
    </message>
    <message>
        <source>, the cause of the capacity: past it requests wait for cache space or are preempted, and the latency target is crossed at %1 (%2× the load)</source>
        <translation>, die Ursache der Kapazität: darüber warten Anfragen auf Cache-Platz oder werden verdrängt, und der Latenz-Zielwert wird bei %1 überschritten (%2× die Last)</translation>
    </message>
    <message>
        <source>, the cause of the capacity: past it extra users only queue, and the latency target is crossed at %1 (%2× the load)</source>
        <translation>, die Ursache der Kapazität: darüber stellen sich zusätzliche Nutzer nur an, und der Latenz-Zielwert wird bei %1 überschritten (%2× die Last)</translation>
    </message>
    <message>
        <source>; next: %1, at %2 (%3× the load).</source>
        <translation>; danach: %1, bei %2 (%3× die Last).</translation>
    </message>
    <message>
        <source>; the others stand beyond %1.</source>
        <translation>; die anderen liegen jenseits von %1.</translation>
    </message>
    <message>
        <source>no /metrics scrape was asked while a step&apos;s full load was held (for %1 at the longest), so KV cache use could not be measured</source>
        <translation>kein /metrics wurde abgefragt, während die volle Last eines Schritts anlag (höchstens %1 lang), daher ließ sich die KV-Cache-Belegung nicht messen</translation>
    </message>
    <message>
        <source> Memory could not be seen: %1.</source>
        <translation> Der Speicher ließ sich nicht sehen: %1.</translation>
    </message>
</context>
<context>
    <name>WhatIfScenario</name>
    <message>
        <source>%1 TTFT</source>
        <translation>%1 TTFT</translation>
    </message>
    <message>
        <source>%1 TPOT</source>
        <translation>%1 TPOT</translation>
    </message>
    <message>
        <source>%1 end to end</source>
        <translation>%1 Ende-zu-Ende</translation>
    </message>
    <message>
        <source>no latency target</source>
        <translation>kein Latenz-Zielwert</translation>
    </message>
    <message>
        <source>%1 at p%2</source>
        <translation>%1 bei p%2</translation>
    </message>
    <message>
        <source>%1 on the %2</source>
        <translation>%1 auf der %2</translation>
    </message>
    <message>
        <source>%1 to the first answer token</source>
        <translation>%1 bis zum ersten Antwort-Token</translation>
    </message>
</context>
<context>
    <name>kp::core::Experiment</name>
    <message>
        <source>baseline</source>
        <translation>Baseline</translation>
    </message>
    <message>
        <source>No run of the experiment has a capacity to rank: loosen the targets or widen the sweep.</source>
        <translation>Kein Lauf des Experiments hat eine Kapazität, die sich einordnen ließe: Lockern Sie die Zielwerte oder erweitern Sie den Sweep.</translation>
    </message>
    <message>
        <source>The baseline could not be measured (%1), so no setting can be judged against it.</source>
        <translation>Die Baseline konnte nicht gemessen werden (%1), daher lässt sich keine Einstellung an ihr messen.</translation>
    </message>
    <message>
        <source>no run</source>
        <translation>kein Lauf</translation>
    </message>
    <message>
        <source>Start %1 with %2: capacity %3 against the baseline&apos;s %4 (%5, beyond noise).</source>
        <translation>Starten Sie %1 mit %2: Kapazität %3 gegenüber %4 der Baseline (%5, über dem Rauschen).</translation>
    </message>
    <message>
        <source>%1 measured the highest capacity, %2 against the baseline&apos;s %3, but not beyond noise (%4): keep the baseline, or measure both again.</source>
        <translation>%1 hat die höchste Kapazität gemessen, %2 gegenüber %3 der Baseline, aber nicht über dem Rauschen (%4): Behalten Sie die Baseline, oder messen Sie beide erneut.</translation>
    </message>
    <message>
        <source>%1 (off by %2)</source>
        <translation>%1 (daneben um %2)</translation>
    </message>
    <message>
        <source>Every trial is a stored run of experiment %1; running the same command again takes them as they are.</source>
        <translation>Jeder Versuch ist ein gespeicherter Lauf des Experiments %1; derselbe Befehl übernimmt sie bei erneutem Aufruf so, wie sie sind.</translation>
    </message>
    <message>
        <source>%1 (off by %2 or more)</source>
        <translation>%1 (daneben um %2 oder mehr)</translation>
    </message>
    <message>
        <source>Keep the baseline&apos;s settings: the setting tried did not beat its capacity of %1.</source>
        <translation>Behalten Sie die Einstellungen der Baseline: Die getestete Einstellung übertraf ihre Kapazität von %1 nicht.</translation>
    </message>
    <message>
        <source>Keep the baseline&apos;s settings: none of the %1 settings tried beat its capacity of %2.</source>
        <translation>Behalten Sie die Einstellungen der Baseline: Keine der %1 getesteten Einstellungen übertraf ihre Kapazität von %2.</translation>
    </message>
    <message>
        <source>its answers were not checked</source>
        <translation>seine Antworten wurden nicht geprüft</translation>
    </message>
    <message>
        <source>its answers were not checked (%1)</source>
        <translation>seine Antworten wurden nicht geprüft (%1)</translation>
    </message>
    <message>
        <source>its answers did not hold (%1)</source>
        <translation>seine Antworten hielten nicht stand (%1)</translation>
    </message>
    <message>
        <source>its answers could not be shown to hold (%1)</source>
        <translation>es ließ sich nicht zeigen, dass seine Antworten standhalten (%1)</translation>
    </message>
    <message>
        <source>%1 measured a capacity of %2, but is not recommended: %3. </source>
        <translation>%1 erreichte eine Kapazität von %2, wird aber nicht empfohlen: %3. </translation>
    </message>
    <message>
        <source>Keep the baseline&apos;s settings.</source>
        <translation>Behalten Sie die Einstellungen der Basislinie.</translation>
    </message>
    <message>
        <source>Otherwise keep the baseline&apos;s settings: no setting whose answers held beat its capacity of %1.</source>
        <translation>Behalten Sie sonst die Einstellungen der Basislinie: Keine Einstellung, deren Antworten standhielten, übertraf ihre Kapazität von %1.</translation>
    </message>
    <message>
        <source>Its answers held: %1</source>
        <translation>Seine Antworten hielten stand: %1</translation>
    </message>
    <message>
        <source>Quality of %1: %2</source>
        <translation>Qualität von %1: %2</translation>
    </message>
    <message>
        <source>No stored run belongs to experiment %1; kneepoint experiments lists those there are.</source>
        <translation>Kein gespeicherter Lauf gehört zu Experiment %1; kneepoint experiments listet die vorhandenen auf.</translation>
    </message>
    <message>
        <source>the run ended %1: %2</source>
        <translation>der Lauf endete %1: %2</translation>
    </message>
    <message>
        <source>its run is not in this history</source>
        <translation>sein Lauf ist nicht in diesem Verlauf</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>setting</source>
        <translation>Einstellung</translation>
    </message>
    <message>
        <source>run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>beyond noise?</source>
        <translation>über dem Rauschen?</translation>
    </message>
    <message>
        <source>twin predicted</source>
        <translation>Vorhersage des Zwillings</translation>
    </message>
    <message>
        <source>answers</source>
        <translation>Antworten</translation>
    </message>
    <message>
        <source>CI gate</source>
        <translation>CI-Prüfung</translation>
    </message>
    <message>
        <source>the baseline</source>
        <translation>die Basislinie</translation>
    </message>
    <message>
        <source>not measured: %1</source>
        <translation>nicht gemessen: %1</translation>
    </message>
    <message>
        <source>yes: %1</source>
        <translation>ja: %1</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>nein: %1</translation>
    </message>
    <message>
        <source>asked (pass %1)</source>
        <translation>gefragt (Durchgang %1)</translation>
    </message>
    <message>
        <source>unchanged by this setting</source>
        <translation>von dieser Einstellung unberührt</translation>
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
    <name>kp::core::PrefixCacheResets</name>
    <message>
        <source>The server&apos;s prefix cache was reset before 1 step (%1)</source>
        <translation>Der Präfix-Cache des Servers wurde vor 1 Schritt geleert (%1)</translation>
    </message>
    <message>
        <source>The server&apos;s prefix cache was reset before each of %1 steps (%2)</source>
        <translation>Der Präfix-Cache des Servers wurde vor jedem der %1 Schritte geleert (%2)</translation>
    </message>
    <message>
        <source>; before 1 step it could not be (%1)</source>
        <translation>; vor 1 Schritt ging es nicht (%1)</translation>
    </message>
    <message>
        <source>; before %1 steps it could not be (the last: %2)</source>
        <translation>; vor %1 Schritten ging es nicht (zuletzt: %2)</translation>
    </message>
    <message>
        <source>vLLM serves /reset_prefix_cache only when started with VLLM_SERVER_DEV_MODE=1 (it answered HTTP %1)</source>
        <translation>vLLM bietet /reset_prefix_cache nur an, wenn es mit VLLM_SERVER_DEV_MODE=1 gestartet wurde (es antwortete HTTP %1)</translation>
    </message>
    <message>
        <source>llama-server&apos;s slot endpoints are off (it was started with --no-slots: GET /slots answered HTTP %1)</source>
        <translation>die Slot-Endpunkte von llama-server sind aus (er wurde mit --no-slots gestartet: GET /slots antwortete HTTP %1)</translation>
    </message>
    <message>
        <source>llama-server erases a slot only when started with --slot-save-path (it answered HTTP %1 to POST /slots/%2?action=erase)</source>
        <translation>llama-server leert einen Slot nur, wenn er mit --slot-save-path gestartet wurde (er antwortete HTTP %1 auf POST /slots/%2?action=erase)</translation>
    </message>
    <message>
        <source>%1 has no endpoint that resets its prefix cache</source>
        <translation>%1 hat keinen Endpunkt, der seinen Präfix-Cache leert</translation>
    </message>
    <message>
        <source>the server&apos;s kind is not known, so there is no endpoint to ask</source>
        <translation>die Art des Servers ist nicht bekannt, also gibt es keinen Endpunkt zum Fragen</translation>
    </message>
    <message>
        <source>--reset-prefix-cache asked for the prefix cache to be emptied before each step, but it could not be: %1, so each step ran with what the steps before it left.</source>
        <translation>--reset-prefix-cache verlangte, den Präfix-Cache vor jedem Schritt zu leeren, aber das ging nicht: %1; jeder Schritt lief also mit dem, was die Schritte davor hinterließen.</translation>
    </message>
    <message>
        <source>%1 for each of %2 slots</source>
        <translation>%1 für jeden der %2 Slots</translation>
    </message>
</context>
<context>
    <name>kp::core::RunArchive</name>
    <message>
        <source>%1 is a folder; name the archive&apos;s file.</source>
        <translation>%1 ist ein Ordner; nennen Sie die Datei des Archivs.</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2.</source>
        <translation>%1 kann nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>%1 is the run history itself; its runs are stored already.</source>
        <translation>%1 ist die Lauf-Historie selbst; ihre Läufe sind bereits gespeichert.</translation>
    </message>
    <message>
        <source>%1 is not a Kneepoint archive (kneepoint export writes them).</source>
        <translation>%1 ist kein Kneepoint-Archiv (kneepoint export schreibt sie).</translation>
    </message>
    <message>
        <source>%1 cannot be read into a temporary folder: %2.</source>
        <translation>%1 kann nicht in einen temporären Ordner gelesen werden: %2.</translation>
    </message>
    <message>
        <source>%1 holds no run.</source>
        <translation>%1 enthält keinen Lauf.</translation>
    </message>
    <message>
        <source>%1 cannot be imported: %2.</source>
        <translation>%1 kann nicht importiert werden: %2.</translation>
    </message>
</context>
<context>
    <name>kp::core::RunGate</name>
    <message>
        <source>worse</source>
        <translation>schlechter</translation>
    </message>
    <message>
        <source>better</source>
        <translation>besser</translation>
    </message>
    <message>
        <source>within noise</source>
        <translation>im Rauschen</translation>
    </message>
    <message>
        <source>not judged</source>
        <translation>nicht beurteilt</translation>
    </message>
    <message>
        <source>capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>capacity fell by %1 (%2 → %3)</source>
        <translation>Kapazität um %1 gesunken (%2 → %3)</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 bei %2</translation>
    </message>
    <message>
        <source>%1 %2 (%3 → %4)</source>
        <translation>%1 %2 (%3 → %4)</translation>
    </message>
    <message>
        <source>Runs %1 and %2 are of one configuration and no third run of it measured how much such runs differ, so nothing could be called worse: export two baseline runs (kneepoint export A B) for a gate that can fail.</source>
        <translation>Die Läufe %1 und %2 haben dieselbe Konfiguration, und kein dritter Lauf davon hat gemessen, wie sehr solche Läufe voneinander abweichen; daher konnte nichts als schlechter gelten: Exportieren Sie zwei Baseline-Läufe (kneepoint export A B) für eine Prüfung, die scheitern kann.</translation>
    </message>
    <message>
        <source>Run %1 did not complete (%2).</source>
        <translation>Lauf %1 wurde nicht abgeschlossen (%2).</translation>
    </message>
    <message>
        <source>Run %1 did not complete (%2): %3.</source>
        <translation>Lauf %1 wurde nicht abgeschlossen (%2): %3.</translation>
    </message>
    <message>
        <source>Worse beyond noise: %1.</source>
        <translation>Über das Rauschen hinaus schlechter: %1.</translation>
    </message>
    <message>
        <source>Worse beyond noise in run %1 than in run %2: %3.</source>
        <translation>In Lauf %1 über das Rauschen hinaus schlechter als in Lauf %2: %3.</translation>
    </message>
    <message>
        <source>Nothing could be judged: %1, and the runs share no load step.</source>
        <translation>Nichts konnte beurteilt werden: %1, und die Läufe haben keinen Lastschritt gemeinsam.</translation>
    </message>
    <message>
        <source>the capacity could not be compared</source>
        <translation>die Kapazität konnte nicht verglichen werden</translation>
    </message>
    <message>
        <source>none better</source>
        <translation>keine besser</translation>
    </message>
    <message>
        <source>1 figure judged</source>
        <translation>1 Zahl beurteilt</translation>
    </message>
    <message>
        <source>%1 figures judged</source>
        <translation>%1 Zahlen beurteilt</translation>
    </message>
    <message>
        <source>Nothing got worse beyond noise: %1, %2; capacity %3 → %4.</source>
        <translation>Nichts wurde über das Rauschen hinaus schlechter: %1, %2; Kapazität %3 → %4.</translation>
    </message>
    <message>
        <source>%1 better</source>
        <translation>%1 besser</translation>
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
    <message>
        <source>updating the facts of run %1</source>
        <translation>das Aktualisieren der Angaben zu Lauf %1</translation>
    </message>
    <message>
        <source>storing the requests of step %1</source>
        <translation>das Speichern der Anfragen von Schritt %1</translation>
    </message>
    <message>
        <source>There is no step %1 under way in %2.</source>
        <translation>In %2 läuft kein Schritt %1.</translation>
    </message>
    <message>
        <source>discarding step %1</source>
        <translation>das Verwerfen von Schritt %1</translation>
    </message>
    <message>
        <source>%1 was deleted or moved by another program while Kneepoint had it open, so %2 failed. Close this window or command and open the database again.</source>
        <translation>%1 wurde von einem anderen Programm gelöscht oder verschoben, während Kneepoint die Datei geöffnet hatte, daher ist %2 fehlgeschlagen. Schließen Sie dieses Fenster oder diesen Befehl und öffnen Sie die Datenbank erneut.</translation>
    </message>
    <message>
        <source>The write-ahead log of %1 (its -wal and -shm files) was removed by another program while Kneepoint had the database open, so %2 failed. What was committed before is in the file: close this window or command and open the database again.</source>
        <translation>Das Write-Ahead-Log von %1 (seine Dateien -wal und -shm) wurde von einem anderen Programm entfernt, während Kneepoint die Datenbank geöffnet hatte, daher ist %2 fehlgeschlagen. Was vorher gespeichert wurde, steht in der Datei: Schließen Sie dieses Fenster oder diesen Befehl und öffnen Sie die Datenbank erneut.</translation>
    </message>
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
        <source>There is no run %1 in %2 to store step %3 in.</source>
        <translation>In %2 gibt es keinen Lauf %1, in dem Schritt %3 gespeichert werden könnte.</translation>
    </message>
    <message>
        <source>%1 was written by an older Kneepoint (database version %2) and must be updated to version %3 before it can be read, which needs write access to it and its folder. Copy it somewhere you can write, and point --db or KNEEPOINT_DB at the copy.</source>
        <translation>%1 wurde von einem älteren Kneepoint geschrieben (Datenbankversion %2) und muss auf Version %3 aktualisiert werden, bevor sie gelesen werden kann; dafür braucht es Schreibrechte auf die Datei und ihren Ordner. Kopieren Sie sie an einen Ort, an dem Sie schreiben dürfen, und richten Sie --db oder KNEEPOINT_DB auf die Kopie.</translation>
    </message>
    <message>
        <source>copying run %1 of %2</source>
        <translation>beim Kopieren von Lauf %1 aus %2</translation>
    </message>
    <message>
        <source>%1 is not a Kneepoint database of version %2.</source>
        <translation>%1 ist keine Kneepoint-Datenbank der Version %2.</translation>
    </message>
    <message>
        <source>Run %1 of %2 is still running; it can be copied once it has ended.</source>
        <translation>Lauf %1 in %2 läuft noch; er kann kopiert werden, sobald er beendet ist.</translation>
    </message>
    <message>
        <source>compacting the file</source>
        <translation>beim Verdichten der Datei</translation>
    </message>
    <message>
        <source>saving the name, notes and tags of run %1</source>
        <translation>beim Speichern von Name, Notizen und Tags von Lauf %1</translation>
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
    <name>kp::core::Tuner</name>
    <message>
        <source>Name the settings to try: parallel=2,4,8 (llama.cpp) or max-num-seqs=64,128 (vLLM).</source>
        <translation>Nennen Sie die zu probierenden Einstellungen: parallel=2,4,8 (llama.cpp) oder max-num-seqs=64,128 (vLLM).</translation>
    </message>
    <message>
        <source>The question set %1 is not a clean one: %2</source>
        <translation>Der Fragensatz %1 ist nicht sauber: %2</translation>
    </message>
    <message>
        <source>The bundled question set is missing from this build; name a question set file.</source>
        <translation>Der mitgelieferte Fragensatz fehlt in diesem Build; nennen Sie eine Fragensatz-Datei.</translation>
    </message>
    <message>
        <source>the baseline</source>
        <translation>die Ausgangslage</translation>
    </message>
    <message>
        <source>Experiment %1: 1 trial stored by an earlier run of it is taken as it is (measure every trial again to replace it).</source>
        <translation>Experiment %1: 1 Versuch, den ein früherer Lauf gespeichert hat, wird übernommen (messen Sie jeden Versuch neu, um ihn zu ersetzen).</translation>
    </message>
    <message>
        <source>Experiment %1: %2 trials stored by an earlier run of it are taken as they are (measure every trial again to replace them).</source>
        <translation>Experiment %1: %2 Versuche, die ein früherer Lauf gespeichert hat, werden übernommen (messen Sie jeden Versuch neu, um sie zu ersetzen).</translation>
    </message>
    <message>
        <source>Experiment %1.</source>
        <translation>Experiment %1.</translation>
    </message>
    <message>
        <source>not tried: interrupted</source>
        <translation>nicht versucht: abgebrochen</translation>
    </message>
    <message>
        <source>not tried: the baseline was not measured</source>
        <translation>nicht versucht: die Ausgangslage wurde nicht gemessen</translation>
    </message>
    <message>
        <source>not tried: the most trials (%1) were spent</source>
        <translation>nicht versucht: die Höchstzahl an Versuchen (%1) war erreicht</translation>
    </message>
    <message>
        <source>not tried: the %1 minutes allowed had passed</source>
        <translation>nicht versucht: die erlaubten %1 Minuten waren vorbei</translation>
    </message>
    <message>
        <source>Stopping: the step in progress is cancelled (completed steps are kept), and the server is stopped and removed.</source>
        <translation>Wird gestoppt: Der laufende Schritt wird abgebrochen (abgeschlossene Schritte bleiben erhalten), der Server wird gestoppt und entfernt.</translation>
    </message>
    <message>
        <source>Trial %1 of %2: %3: run %4, stored already.</source>
        <translation>Versuch %1 von %2: %3: Lauf %4, bereits gespeichert.</translation>
    </message>
    <message>
        <source>Trial %1 of %2: %3</source>
        <translation>Versuch %1 von %2: %3</translation>
    </message>
    <message>
        <source> (the twin fitted to run %1 predicts %2)</source>
        <translation> (der an Lauf %1 angepasste Zwilling sagt %2 voraus)</translation>
    </message>
    <message>
        <source>  Run %1 had disturbed steps (%2 of them: the time per token drifted while the load stood still, as when another process slows the server); measuring this trial once more.</source>
        <translation>  Lauf %1 hatte gestörte Schritte (%2: die Zeit pro Token driftete bei gleicher Last, wie wenn ein anderer Prozess den Server bremst); dieser Versuch wird noch einmal gemessen.</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>the server did not start: </source>
        <translation>der Server startete nicht: </translation>
    </message>
    <message>
        <source>  No load was applied. The whole log: %1</source>
        <translation>  Es wurde keine Last angelegt. Das ganze Protokoll: %1</translation>
    </message>
    <message>
        <source>  Proven: /health, /v1/models and a greedy smoke test passed; started in %1 s.</source>
        <translation>  Geprüft: /health, /v1/models und ein Greedy-Rauchtest bestanden; gestartet in %1 s.</translation>
    </message>
    <message>
        <source>, about %1 s left</source>
        <translation>, noch etwa %1 s</translation>
    </message>
    <message>
        <source>the run ended %1: %2</source>
        <translation>der Lauf endete %1: %2</translation>
    </message>
    <message>
        <source>asking the question set was turned off</source>
        <translation>das Stellen des Fragensatzes war abgeschaltet</translation>
    </message>
    <message>
        <source>the run was not stored: %1</source>
        <translation>der Lauf wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>  Stored as run %1; the server was stopped and removed.</source>
        <translation>  Als Lauf %1 gespeichert; der Server wurde gestoppt und entfernt.</translation>
    </message>
    <message>
        <source>  Asking the %1 questions of %2, %3 times, of this server.</source>
        <translation>  Die %1 Fragen von %2 werden diesem Server %3-mal gestellt.</translation>
    </message>
    <message>
        <source>the question set could not be asked: </source>
        <translation>der Fragensatz konnte nicht gestellt werden: </translation>
    </message>
    <message>
        <source>  Stored as quality pass %1.</source>
        <translation>  Als Qualitätsdurchgang %1 gespeichert.</translation>
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
    <name>kp::ui::CategoryBars</name>
    <message>
        <source>Chart: accuracy before and after the change, per category</source>
        <translation>Diagramm: Trefferquote vor und nach der Änderung, je Kategorie</translation>
    </message>
    <message>
        <source>%1: %2 before, %3 after</source>
        <translation>%1: %2 vorher, %3 nachher</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Vorher</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Nachher</translation>
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
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>Comparing run %1 with run %2…</source>
        <translation>Lauf %1 wird mit Lauf %2 verglichen …</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>95-%-Intervall</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>nein: %1</translation>
    </message>
    <message>
        <source>&amp;Differences</source>
        <translation>&amp;Unterschiede</translation>
    </message>
    <message>
        <source>&amp;Pareto frontier</source>
        <translation>&amp;Pareto-Front</translation>
    </message>
    <message>
        <source>&amp;Side by side</source>
        <translation>&amp;Nebeneinander</translation>
    </message>
    <message>
        <source>yes, better</source>
        <translation>ja, besser</translation>
    </message>
    <message>
        <source>yes, worse</source>
        <translation>ja, schlechter</translation>
    </message>
    <message>
        <source>As a gate for CI, run %1 passes against run %2: %3</source>
        <translation>Als Prüfung für CI besteht Lauf %1 gegenüber Lauf %2: %3</translation>
    </message>
    <message>
        <source>As a gate for CI, run %1 fails against run %2: %3</source>
        <translation>Als Prüfung für CI scheitert Lauf %1 gegenüber Lauf %2: %3</translation>
    </message>
    <message>
        <source>As a gate for CI, nothing decides between run %1 and run %2: %3</source>
        <translation>Als Prüfung für CI entscheidet nichts zwischen Lauf %1 und Lauf %2: %3</translation>
    </message>
    <message>
        <source>yes: %1</source>
        <translation>ja: %1</translation>
    </message>
</context>
<context>
    <name>kp::ui::ConnectionWizard</name>
    <message>
        <source>New Run</source>
        <translation>Neuer Lauf</translation>
    </message>
    <message>
        <source>&amp;Start the benchmark</source>
        <translation>Benchmark &amp;starten</translation>
    </message>
</context>
<context>
    <name>kp::ui::ExperimentDialog</name>
    <message>
        <source>&amp;Copy flag</source>
        <translation>Flag &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Open run</source>
        <translation>Lauf ö&amp;ffnen</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren …</translation>
    </message>
    <message>
        <source>Experiments</source>
        <translation>Experimente</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>Experiment</translation>
    </message>
    <message>
        <source>E&amp;xperiment:</source>
        <translation>E&amp;xperiment:</translation>
    </message>
    <message>
        <source>Copied %1 to the clipboard.</source>
        <translation>%1 in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <source>Trials, ranked by capacity</source>
        <translation>Versuche, nach Kapazität geordnet</translation>
    </message>
    <message>
        <source>Reading the stored experiments…</source>
        <translation>Die gespeicherten Experimente werden gelesen …</translation>
    </message>
    <message>
        <source>Show the selected trial&apos;s run in the window</source>
        <translation>Den Lauf des gewählten Versuchs im Fenster zeigen</translation>
    </message>
    <message>
        <source>%1: %2 setting of %3 for %4, %5</source>
        <translation>%1: %2 Einstellung von %3 für %4, %5</translation>
    </message>
    <message>
        <source>%1: %2 settings of %3 for %4, %5</source>
        <translation>%1: %2 Einstellungen von %3 für %4, %5</translation>
    </message>
    <message>
        <source>an unknown model</source>
        <translation>ein unbekanntes Modell</translation>
    </message>
    <message>
        <source>Comparing each trial with the baseline…</source>
        <translation>Jeder Versuch wird mit der Basislinie verglichen …</translation>
    </message>
    <message>
        <source>Every trial is a stored run: open one to see its report. The same table is printed by kneepoint experiments %1.</source>
        <translation>Jeder Versuch ist ein gespeicherter Lauf: Öffnen Sie einen, um seinen Bericht zu sehen. Dieselbe Tabelle gibt kneepoint experiments %1 aus.</translation>
    </message>
    <message>
        <source>Export experiment</source>
        <translation>Experiment exportieren</translation>
    </message>
    <message>
        <source>Markdown (*.md);;HTML page (*.html);;PDF document (*.pdf);;JSON (*.json)</source>
        <translation>Markdown (*.md);;HTML-Seite (*.html);;PDF-Dokument (*.pdf);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Name the file .md, .html, .pdf or .json.</source>
        <translation>Geben Sie der Datei die Endung .md, .html, .pdf oder .json.</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>%1 geschrieben.</translation>
    </message>
    <message>
        <source>No experiment is stored yet. Run › Start a server…, then Find the best setting…, makes one (kneepoint tune does the same): it launches the server with each setting to try, measures it and recommends the best.</source>
        <translation>Noch ist kein Experiment gespeichert. Lauf › Server starten…, dann Beste Einstellung finden…, legt eines an (kneepoint tune tut dasselbe): Es startet den Server mit jeder zu probierenden Einstellung, misst ihn und empfiehlt die beste.</translation>
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
        <source>Choose the GPU the server runs on: the physics check needs its memory bandwidth and FLOPS.</source>
        <translation>Wählen Sie die GPU, auf der der Server läuft: Der Physik-Check braucht ihre Speicherbandbreite und FLOPS.</translation>
    </message>
    <message>
        <source>No GPU in the catalog matches “%1”.</source>
        <translation>Keine GPU im Katalog passt zu „%1“.</translation>
    </message>
    <message>
        <source>N&amp;umber of GPUs:</source>
        <translation>&amp;Anzahl der GPUs:</translation>
    </message>
    <message>
        <source>DCGM exporter</source>
        <translation>DCGM-Exporter</translation>
    </message>
    <message>
        <source>http://gpu-host:9400/metrics, optional</source>
        <translation>http://gpu-host:9400/metrics, optional</translation>
    </message>
    <message>
        <source>For the GPUs&apos; power and energy per token during every step. Without it, nvidia-smi on this machine is read when the server runs here.</source>
        <translation>Für Leistungsaufnahme und Energie pro Token der GPUs in jedem Schritt. Ohne ihn wird nvidia-smi auf diesem Rechner gelesen, wenn der Server hier läuft.</translation>
    </message>
    <message>
        <source>&amp;DCGM exporter:</source>
        <translation>&amp;DCGM-Exporter:</translation>
    </message>
    <message>
        <source>This is not the address of a DCGM exporter; it looks like http://gpu-host:9400/metrics.</source>
        <translation>Das ist keine Adresse eines DCGM-Exporters; sie sieht aus wie http://gpu-host:9400/metrics.</translation>
    </message>
    <message>
        <source>Give the address without a user name or password: a DCGM exporter is read without them, and the address is stored with the run.</source>
        <translation>Geben Sie die Adresse ohne Benutzernamen oder Passwort an: Ein DCGM-Exporter wird ohne sie gelesen, und die Adresse wird mit dem Lauf gespeichert.</translation>
    </message>
</context>
<context>
    <name>kp::ui::LaunchDialog</name>
    <message>
        <source>Allow an image without a digest (the report says so)</source>
        <translation>Image ohne Digest zulassen (der Bericht vermerkt das)</translation>
    </message>
    <message>
        <source>C&amp;heck</source>
        <translation>Prü&amp;fen</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <source>&amp;Benchmark it…</source>
        <translation>&amp;Benchmarken…</translation>
    </message>
    <message>
        <source>Start a server</source>
        <translation>Server starten</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Revision</source>
        <translation>Revision</translation>
    </message>
    <message>
        <source>a commit hash (best), branch or tag</source>
        <translation>ein Commit-Hash (am besten), ein Branch oder ein Tag</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Laufzeitumgebung</translation>
    </message>
    <message>
        <source>Docker</source>
        <translation>Docker</translation>
    </message>
    <message>
        <source>Podman</source>
        <translation>Podman</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>Image</translation>
    </message>
    <message>
        <source>Allow an unpinned image</source>
        <translation>Nicht gepinntes Image zulassen</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Anzahl der GPUs</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Kontextlänge</translation>
    </message>
    <message>
        <source>the model&apos;s own</source>
        <translation>die des Modells</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation>beliebiger freier Port</translation>
    </message>
    <message>
        <source>Engine arguments</source>
        <translation>Engine-Argumente</translation>
    </message>
    <message>
        <source>One per line, as FLAG=VALUE: --kv-cache-dtype=fp8</source>
        <translation>Eines pro Zeile, als FLAG=VALUE: --kv-cache-dtype=fp8</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Server log</source>
        <translation>Serverprotokoll</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>&amp;Revision:</source>
        <translation>&amp;Revision:</translation>
    </message>
    <message>
        <source>R&amp;untime:</source>
        <translation>&amp;Laufzeitumgebung:</translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation>&amp;Image:</translation>
    </message>
    <message>
        <source>×</source>
        <translation>×</translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation>&amp;GPU:</translation>
    </message>
    <message>
        <source>&amp;Context length:</source>
        <translation>&amp;Kontextlänge:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Port:</translation>
    </message>
    <message>
        <source>&amp;Engine arguments:</source>
        <translation>&amp;Engine-Argumente:</translation>
    </message>
    <message>
        <source>Starting: the log below shows the server&apos;s progress.</source>
        <translation>Wird gestartet: Das Protokoll unten zeigt den Fortschritt des Servers.</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Wird geprüft…</translation>
    </message>
    <message>
        <source>Proven and ready at %1. Benchmark it, or stop it when you are done.</source>
        <translation>Geprüft und bereit unter %1. Benchmarken Sie ihn oder stoppen Sie ihn, wenn Sie fertig sind.</translation>
    </message>
    <message>
        <source>The server was stopped and removed.</source>
        <translation>Der Server wurde gestoppt und entfernt.</translation>
    </message>
    <message>
        <source>Stopping and removing the server…</source>
        <translation>Server wird gestoppt und entfernt…</translation>
    </message>
    <message>
        <source>It fits and can start (%1): the memory estimate and the exact command line are below.</source>
        <translation>Es passt und kann starten (%1): die Speicherschätzung und die genaue Befehlszeile stehen unten.</translation>
    </message>
    <message>
        <source>Bro&amp;wse…</source>
        <translation>D&amp;urchsuchen…</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>llama.cpp (llama-server)</source>
        <translation>llama.cpp (llama-server)</translation>
    </message>
    <message>
        <source>GGUF file</source>
        <translation>GGUF-Datei</translation>
    </message>
    <message>
        <source>a .gguf file on this machine, or its name in the model&apos;s repository</source>
        <translation>eine .gguf-Datei auf diesem Rechner oder ihr Name im Repository des Modells</translation>
    </message>
    <message>
        <source>Installed here</source>
        <translation>Hier installiert</translation>
    </message>
    <message>
        <source>Server executable</source>
        <translation>Server-Programm</translation>
    </message>
    <message>
        <source>E&amp;ngine:</source>
        <translation>E&amp;ngine:</translation>
    </message>
    <message>
        <source>GG&amp;UF file:</source>
        <translation>GG&amp;UF-Datei:</translation>
    </message>
    <message>
        <source>Server e&amp;xecutable:</source>
        <translation>Server-Pro&amp;gramm:</translation>
    </message>
    <message>
        <source>Nothing starts before the memory estimate fits. The image must be pinned by digest, engine arguments must be on the allowed list, and the server listens on 127.0.0.1 only. It is proven (health, model, a greedy smoke test) before any load, and stopped and removed when this dialog closes. HF_TOKEN from the environment reaches a vLLM server and nothing else.</source>
        <translation>Nichts startet, bevor die Speicherschätzung passt. Das Image muss per Digest festgelegt sein, Engine-Argumente müssen auf der erlaubten Liste stehen, und der Server lauscht nur auf 127.0.0.1. Er wird vor jeder Last geprüft (Health, Modell, ein gieriger Rauchtest) und beim Schließen dieses Dialogs gestoppt und entfernt. HF_TOKEN aus der Umgebung erreicht einen vLLM-Server und sonst nichts.</translation>
    </message>
    <message>
        <source>GGUF model</source>
        <translation>GGUF-Modell</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF-Modelle (*.gguf);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>optional: ORG/NAME, with the GGUF file&apos;s name in that repository</source>
        <translation>optional: ORG/NAME, mit dem Namen der GGUF-Datei in diesem Repository</translation>
    </message>
    <message>
        <source>One per line, as FLAG=VALUE: --n-gpu-layers=99</source>
        <translation>Eines pro Zeile, als FLAG=WERT: --n-gpu-layers=99</translation>
    </message>
    <message>
        <source>Context of all slots</source>
        <translation>Kontext aller Slots</translation>
    </message>
    <message>
        <source>&amp;Context of all slots:</source>
        <translation>&amp;Kontext aller Slots:</translation>
    </message>
    <message>
        <source>None: the CPU and this machine&apos;s memory</source>
        <translation>Keine: die CPU und der Speicher dieses Rechners</translation>
    </message>
    <message>
        <source>Same as: kneepoint launch %1</source>
        <translation>Entspricht: kneepoint launch %1</translation>
    </message>
    <message>
        <source>Not started: the window was closed before the checks ended.</source>
        <translation>Nicht gestartet: Das Fenster wurde geschlossen, bevor die Prüfungen endeten.</translation>
    </message>
    <message>
        <source>&amp;Find the best setting…</source>
        <translation>Beste Einstellung fin&amp;den…</translation>
    </message>
    <message>
        <source>Launch this server once as it is and once with each setting to try, measure each, and recommend the best (kneepoint tune)</source>
        <translation>Diesen Server einmal so, wie er ist, und einmal mit jeder zu probierenden Einstellung starten, jeden messen und den besten empfehlen (kneepoint tune)</translation>
    </message>
    <message>
        <source>Simulated: no GPU needed</source>
        <translation>Simuliert: keine GPU nötig</translation>
    </message>
    <message>
        <source>Kneepoint&apos;s simulated vLLM stands in for the engine: a model of the catalog on the GPU chosen below, at 10× speed. Everything else (checks, proof, benchmark, experiments) runs as with a real server.</source>
        <translation>Kneepoints simuliertes vLLM vertritt die Engine: ein Modell des Katalogs auf der unten gewählten GPU, mit 10-facher Geschwindigkeit. Alles andere (Prüfungen, Nachweis, Benchmark, Experimente) läuft wie mit einem echten Server.</translation>
    </message>
    <message>
        <source>a model of the catalog: meta-llama/Llama-3.1-8B-Instruct</source>
        <translation>ein Modell des Katalogs: meta-llama/Llama-3.1-8B-Instruct</translation>
    </message>
    <message>
        <source>Kneepoint&apos;s simulated vLLM starts on 127.0.0.1 for the model and GPU chosen, at ten times real time: no GPU, image or weights are needed, and HF_TOKEN is not passed to it. It is proven (health, model, a greedy smoke test) before any load, and stopped when this dialog closes.</source>
        <translation>Kneepoints simuliertes vLLM startet auf 127.0.0.1 für das gewählte Modell und die gewählte GPU, mit zehnfacher Echtzeit: Es braucht weder GPU noch Image noch Gewichte, und HF_TOKEN wird ihm nicht übergeben. Es wird vor jeder Last geprüft (Health, Modell, ein gieriger Rauchtest) und beim Schließen dieses Dialogs gestoppt.</translation>
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
    <message>
        <source>Concurrent users</source>
        <translation>Gleichzeitige Nutzer</translation>
    </message>
    <message>
        <source>baseline with nothing shared</source>
        <translation>Basismessung ohne Geteiltes</translation>
    </message>
    <message>
        <source>step %1 (%2, %3)</source>
        <translation>Schritt %1 (%2, %3)</translation>
    </message>
    <message>
        <source>Step stopped (%1, %2): %3 requests had completed; it is stored but not judged.</source>
        <translation>Schritt gestoppt (%1, %2): %3 Anfragen waren fertig; er ist gespeichert, wird aber nicht bewertet.</translation>
    </message>
    <message>
        <source>Stopped by the user at %1: the steps before it are kept and judged; the cut one is stored but not judged.</source>
        <translation>Vom Benutzer gestoppt bei %1: die Schritte davor bleiben erhalten und werden bewertet; der abgebrochene ist gespeichert, wird aber nicht bewertet.</translation>
    </message>
    <message>
        <source>Chart: time to first token of each request, at the time it finished</source>
        <translation>Diagramm: Zeit bis zum ersten Token jeder Anfrage, zum Zeitpunkt ihres Endes</translation>
    </message>
    <message>
        <source>Each request&apos;s time to first token</source>
        <translation>Zeit bis zum ersten Token jeder Anfrage</translation>
    </message>
    <message>
        <source>TTFT (ms)</source>
        <translation>TTFT (ms)</translation>
    </message>
    <message>
        <source>Failed (at 0)</source>
        <translation>Fehlgeschlagen (bei 0)</translation>
    </message>
    <message>
        <source>Held before the next step until the question is answered; every step so far is stored</source>
        <translation>Vor dem nächsten Schritt angehalten, bis die Frage beantwortet ist; jeder bisherige Schritt ist gespeichert</translation>
    </message>
    <message>
        <source>Each request&apos;s time to first token (the latest %1 of %2)</source>
        <translation>Zeit bis zum ersten Token jeder Anfrage (die letzten %1 von %2)</translation>
    </message>
    <message>
        <source>A long run</source>
        <translation>Ein langer Lauf</translation>
    </message>
    <message>
        <source>Go on</source>
        <translation>Weitermachen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>%1 ms (within the network&apos;s round trip of %2 ms)</source>
        <translation>%1 ms (innerhalb der Netzwerk-Umlaufzeit von %2 ms)</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Last completed step (%1, %2): TTFT %3 %4 · TPOT %3 %5 ms · %6 output tokens/s · %7 of %8 requests succeeded</source>
        <translation>Letzter abgeschlossener Schritt (%1, %2): TTFT %3 %4 · TPOT %3 %5 ms · %6 Ausgabe-Tokens/s · %7 von %8 Anfragen erfolgreich</translation>
    </message>
    <message>
        <source> · the simulator is %1 ms behind its own clock: figures measured now are partly this machine&apos;s load</source>
        <translation> · der Simulator liegt %1 ms hinter seiner eigenen Uhr: Jetzt gemessene Zahlen gehen teils auf die Last dieser Maschine zurück</translation>
    </message>
    <message>
        <source>%1

That may be more than an hour. Go on, or stop here and keep the steps so far?</source>
        <translation>%1

Das kann mehr als eine Stunde sein. Weitermachen, oder hier anhalten und die bisherigen Schritte behalten?</translation>
    </message>
    <message>
        <source>No request has ended for %1 s. Each may take up to %2 before it is ended as timed out; a server that sends nothing, or a byte at a time, holds it that long. Stop ends the run and keeps the steps already measured.</source>
        <translation>Seit %1 s ist keine Anfrage fertig geworden. Jede darf bis zu %2 dauern, bevor sie als Zeitüberschreitung beendet wird; ein Server, der nichts oder nur ein Byte nach dem anderen sendet, hält sie so lange. „Stoppen“ beendet den Lauf und behält die bereits gemessenen Schritte.</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 of %2 requests, %3 in</source>
        <translation>%1 von %2 Anfragen, seit %3</translation>
    </message>
    <message>
        <source>%1 of %2, %3 requests</source>
        <translation>%1 von %2, %3 Anfragen</translation>
    </message>
    <message>
        <source>%1 requests, %2 in</source>
        <translation>%1 Anfragen, seit %2</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3 (%4)</source>
        <translation>Schritt %1 von %2: %3 (%4)</translation>
    </message>
    <message>
        <source>Prefix cache: %1</source>
        <translation>Präfix-Cache: %1</translation>
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
        <source>S&amp;ettings…</source>
        <translation>E&amp;instellungen…</translation>
    </message>
    <message>
        <source>&amp;Performance</source>
        <translation>&amp;Leistung</translation>
    </message>
    <message>
        <source>&amp;Quality</source>
        <translation>&amp;Qualität</translation>
    </message>
    <message>
        <source>Start a &amp;server…</source>
        <translation>&amp;Server starten…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>the run history is not open.</source>
        <translation>die Lauf-Historie ist nicht geöffnet.</translation>
    </message>
    <message>
        <source>Nothing was imported: %1</source>
        <translation>Nichts wurde importiert: %1</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n step(s) from %1 as run %2.</source>
        <translation>
            <numerusform>%n Schritt aus %1 als Lauf %2 importiert.</numerusform>
            <numerusform>%n Schritte aus %1 als Lauf %2 importiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Run %1 complete.</source>
        <translation>Lauf %1 abgeschlossen.</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>Lauf %1: %2</translation>
    </message>
    <message>
        <source>The run finished while this question was open: every step is stored. Quit now?</source>
        <translation>Der Lauf ist fertig geworden, während diese Frage offen war: Jeder Schritt ist gespeichert. Jetzt beenden?</translation>
    </message>
    <message>
        <source>P&amp;redict a setting…</source>
        <translation>Einstellung vo&amp;rhersagen…</translation>
    </message>
    <message>
        <source>Predict a setting</source>
        <translation>Einstellung vorhersagen</translation>
    </message>
    <message>
        <source>Predicting needs a stored run to fit to.</source>
        <translation>Eine Vorhersage braucht einen gespeicherten Lauf, an den sie angepasst wird.</translation>
    </message>
    <message>
        <source>%1 is the report of run %2 of this run history: it is shown from the stored run, with what-if and export.</source>
        <translation>%1 ist der Bericht von Lauf %2 dieses Verlaufs: Er wird aus dem gespeicherten Lauf gezeigt, mit Was-wäre-wenn und Export.</translation>
    </message>
    <message>
        <source>Opened %1, the report of run %2, read-only: it is not in this run history.</source>
        <translation>%1, der Bericht von Lauf %2, ist nur lesend geöffnet: Er ist nicht in diesem Verlauf.</translation>
    </message>
    <message>
        <source>A run is in progress. Stop it and quit? Completed steps are kept. The run waits before its next step until you answer.</source>
        <translation>Ein Lauf ist im Gange. Anhalten und beenden? Abgeschlossene Schritte bleiben erhalten. Der Lauf wartet vor seinem nächsten Schritt, bis Sie antworten.</translation>
    </message>
    <message>
        <source>Stop run</source>
        <translation>Lauf anhalten</translation>
    </message>
    <message>
        <source>Stop the run now? The step in progress is cancelled; the steps completed so far are kept.</source>
        <translation>Den Lauf jetzt anhalten? Der laufende Schritt wird abgebrochen; die bisher abgeschlossenen Schritte bleiben erhalten.</translation>
    </message>
    <message>
        <source>Compare two runs, beyond their noise</source>
        <translation>Zwei Läufe vergleichen, über ihr Rauschen hinaus</translation>
    </message>
    <message>
        <source>Compare needs two runs in the history</source>
        <translation>Zum Vergleichen braucht es zwei Läufe im Verlauf</translation>
    </message>
    <message>
        <source>Open a run&apos;s report first</source>
        <translation>Öffnen Sie zuerst den Bericht eines Laufs</translation>
    </message>
    <message>
        <source>The Quality tab has no report</source>
        <translation>Der Reiter Qualität hat keinen Bericht</translation>
    </message>
    <message>
        <source>Export the report as Markdown, HTML, JSON or PDF</source>
        <translation>Den Bericht als Markdown, HTML, JSON oder PDF exportieren</translation>
    </message>
    <message>
        <source>Print the report</source>
        <translation>Den Bericht drucken</translation>
    </message>
    <message>
        <source>Predict what a server setting would change, from a measured run</source>
        <translation>Vorhersagen, was eine Servereinstellung ändern würde, aus einem gemessenen Lauf</translation>
    </message>
    <message>
        <source>Predict needs a measured run in the history</source>
        <translation>Für eine Vorhersage braucht es einen gemessenen Lauf im Verlauf</translation>
    </message>
    <message>
        <source>Open a report, exported runs or another tool&apos;s results</source>
        <translation>Einen Bericht, exportierte Läufe oder Ergebnisse eines anderen Werkzeugs öffnen</translation>
    </message>
    <message>
        <source>Results (*.kpz *.json *.jsonl);;All files (*)</source>
        <translation>Ergebnisse (*.kpz *.json *.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Write the selected run, with every request, to a file that Kneepoint opens on another machine</source>
        <translation>Den ausgewählten Lauf mit jeder Anfrage in eine Datei schreiben, die Kneepoint auf einem anderen Rechner öffnet</translation>
    </message>
    <message>
        <source>Select a run in the history first</source>
        <translation>Wählen Sie zuerst einen Lauf im Verlauf aus</translation>
    </message>
    <message>
        <source>Run %1 of %2 is in this history already, as run %3.</source>
        <translation>Lauf %1 aus %2 ist bereits in diesem Verlauf, als Lauf %3.</translation>
    </message>
    <message>
        <source>Imported run %1 of %2 as run %3.</source>
        <translation>Lauf %1 aus %2 als Lauf %3 importiert.</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n new run(s) of %1 from %2; the last is run %3.</source>
        <translation>
            <numerusform>%n neuer Lauf von %1 aus %2 importiert; der letzte ist Lauf %3.</numerusform>
            <numerusform>%n neue Läufe von %1 aus %2 importiert; der letzte ist Lauf %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export run</source>
        <translation>Lauf exportieren</translation>
    </message>
    <message>
        <source>Wrote run %1 to %2: Kneepoint opens it on another machine (File › Open, or kneepoint import).</source>
        <translation>Lauf %1 nach %2 geschrieben: Kneepoint öffnet ihn auf einem anderen Rechner (Datei › Öffnen, oder kneepoint import).</translation>
    </message>
    <message>
        <source>Export run for another machine</source>
        <translation>Lauf für einen anderen Rechner exportieren</translation>
    </message>
    <message>
        <source>Kneepoint runs (*.kpz)</source>
        <translation>Kneepoint-Läufe (*.kpz)</translation>
    </message>
    <message>
        <source>&amp;Delete run…</source>
        <translation>Lauf &amp;löschen…</translation>
    </message>
    <message>
        <source>Run &amp;again with these settings…</source>
        <translation>Mit diesen Einstellungen &amp;erneut messen…</translation>
    </message>
    <message>
        <source>The run in progress is kept; stop it first</source>
        <translation>Der laufende Lauf bleibt erhalten; halten Sie ihn zuerst an</translation>
    </message>
    <message>
        <source>Delete the selected run and its requests from the history</source>
        <translation>Den ausgewählten Lauf und seine Anfragen aus dem Verlauf löschen</translation>
    </message>
    <message>
        <source>A run is in progress</source>
        <translation>Ein Lauf ist im Gange</translation>
    </message>
    <message>
        <source>The wizard, filled in with the selected run&apos;s settings</source>
        <translation>Der Assistent, ausgefüllt mit den Einstellungen des ausgewählten Laufs</translation>
    </message>
    <message>
        <source>Delete run</source>
        <translation>Lauf löschen</translation>
    </message>
    <message>
        <source>Delete run %1 (%2, %3 requests, started %4)? Its requests go with it; reports exported from it stay.</source>
        <translation>Lauf %1 löschen (%2, %3 Anfragen, gestartet %4)? Seine Anfragen werden mitgelöscht; daraus exportierte Berichte bleiben.</translation>
    </message>
    <message>
        <source>Deleted run %1.</source>
        <translation>Lauf %1 gelöscht.</translation>
    </message>
    <message>
        <source>Run %1 has no server address to run against again (it was imported).</source>
        <translation>Lauf %1 hat keine Serveradresse, gegen die er erneut laufen könnte (er wurde importiert).</translation>
    </message>
    <message>
        <source>Export run for another &amp;machine…</source>
        <translation>Lauf für einen anderen Rechner e&amp;xportieren…</translation>
    </message>
    <message>
        <source>E&amp;xperiments…</source>
        <translation>E&amp;xperimente …</translation>
    </message>
    <message>
        <source>Wrote %1: &lt;a href=&quot;open&quot;&gt;Open&lt;/a&gt; · &lt;a href=&quot;folder&quot;&gt;Show in folder&lt;/a&gt;</source>
        <translation>%1 geschrieben: &lt;a href=&quot;open&quot;&gt;Öffnen&lt;/a&gt; · &lt;a href=&quot;folder&quot;&gt;Im Ordner zeigen&lt;/a&gt;</translation>
    </message>
    <message>
        <source>An experiment is running. Stop it and quit? The trial in progress is cancelled (its completed steps are kept) and its server stopped and removed.</source>
        <translation>Ein Experiment läuft. Stoppen und beenden? Der laufende Versuch wird abgebrochen (seine abgeschlossenen Schritte bleiben erhalten), sein Server gestoppt und entfernt.</translation>
    </message>
    <message>
        <source>&amp;Name, tags and notes…</source>
        <translation>&amp;Name, Tags und Notizen…</translation>
    </message>
    <message>
        <source>Give the selected run a name, tags and notes</source>
        <translation>Dem ausgewählten Lauf einen Namen, Tags und Notizen geben</translation>
    </message>
    <message>
        <source>Run %1: %2, started %3, %4.</source>
        <translation>Lauf %1: %2, gestartet %3, %4.</translation>
    </message>
    <message>
        <source>Name, tags and notes</source>
        <translation>Name, Tags und Notizen</translation>
    </message>
    <message>
        <source>Saved the name, tags and notes of run %1.</source>
        <translation>Name, Tags und Notizen von Lauf %1 gespeichert.</translation>
    </message>
    <message>
        <source>a run is in progress; try again when it has ended.</source>
        <translation>Ein Lauf ist im Gang; versuchen Sie es erneut, wenn er beendet ist.</translation>
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
        <source>&lt;b&gt;%1&lt;/b&gt; (an estimate). %2 The run stops sooner once the targets are clearly broken.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (geschätzt). %2 Der Lauf endet früher, sobald die Zielwerte klar verfehlt werden.</translation>
    </message>
    <message>
        <source>Failures that stop the sweep</source>
        <translation>Fehler, die die Messreihe beenden</translation>
    </message>
    <message>
        <source>more than </source>
        <translation>mehr als </translation>
    </message>
    <message>
        <source>% of a step&apos;s requests fail</source>
        <translation> % der Anfragen eines Schritts scheitern</translation>
    </message>
    <message>
        <source>A step with more failures than this ends the concurrency sweep, and the report says why. 100% never stops it.</source>
        <translation>Ein Schritt mit mehr Fehlern beendet die Nebenläufigkeitsreihe, und der Bericht nennt den Grund. Bei 100 % endet sie nie.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Longest wait for an answer</source>
        <translation>Längste Wartezeit auf eine Antwort</translation>
    </message>
    <message>
        <source>Longest silence in a stream</source>
        <translation>Längste Stille in einem Stream</translation>
    </message>
    <message>
        <source>Stop the sweep when:</source>
        <translation>Messreihe beenden, wenn:</translation>
    </message>
    <message>
        <source>Wait for an answer up to:</source>
        <translation>Auf eine Antwort warten bis zu:</translation>
    </message>
    <message>
        <source>Wait through a silent stream up to:</source>
        <translation>Stille in einem Stream abwarten bis zu:</translation>
    </message>
    <message>
        <source>Longest a request may take</source>
        <translation>Längste Dauer einer Anfrage</translation>
    </message>
    <message>
        <source>Ends a request that takes longer than this from send to its last byte, however steadily the server sends: a failure of its own, counted against the targets.</source>
        <translation>Beendet eine Anfrage, die vom Senden bis zum letzten Byte länger dauert, wie stetig der Server auch sendet: ein eigener Fehler, der gegen die Ziele zählt.</translation>
    </message>
    <message>
        <source>End a request after:</source>
        <translation>Eine Anfrage beenden nach:</translation>
    </message>
    <message>
        <source>Arrivals of the rate sweep</source>
        <translation>Ankünfte der Ratenreihe</translation>
    </message>
    <message>
        <source>at random, as independent users (Poisson)</source>
        <translation>zufällig, wie unabhängige Nutzer (Poisson)</translation>
    </message>
    <message>
        <source>at even intervals (constant)</source>
        <translation>in gleichen Abständen (konstant)</translation>
    </message>
    <message>
        <source>Most requests in flight during the rate sweep</source>
        <translation>Höchstens gleichzeitig laufende Anfragen in der Ratenreihe</translation>
    </message>
    <message>
        <source>no cap</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <source>at most </source>
        <translation>höchstens </translation>
    </message>
    <message>
        <source> requests</source>
        <translation> Anfragen</translation>
    </message>
    <message>
        <source>At most this many requests in flight at once, over the whole client: a request that arrives while the cap is reached waits, and the report shows how late it was sent.</source>
        <translation>Höchstens so viele Anfragen zugleich, über den ganzen Client: Eine Anfrage, die bei erreichter Grenze ankommt, wartet, und der Bericht zeigt, wie spät sie gesendet wurde.</translation>
    </message>
    <message>
        <source>Think time between a user&apos;s requests</source>
        <translation>Denkzeit zwischen den Anfragen eines Nutzers</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>none: the next request at once</source>
        <translation>keine: die nächste Anfrage sofort</translation>
    </message>
    <message>
        <source>Each user pauses this long after an answer before its next request, as a person reading it would. In the server&apos;s time.</source>
        <translation>Jeder Nutzer pausiert nach einer Antwort so lange vor seiner nächsten Anfrage, wie ein lesender Mensch. In der Zeit des Servers.</translation>
    </message>
    <message>
        <source>Time over which users start</source>
        <translation>Zeitraum, über den die Nutzer starten</translation>
    </message>
    <message>
        <source>one request&apos;s lifetime (measured)</source>
        <translation>die Dauer einer Anfrage (gemessen)</translation>
    </message>
    <message>
        <source>Users of a step start spread over this long, so that their requests do not begin and end in lockstep. 0 starts them all at once.</source>
        <translation>Die Nutzer einer Stufe starten über diesen Zeitraum verteilt, damit ihre Anfragen nicht im Gleichschritt beginnen und enden. 0 startet alle zugleich.</translation>
    </message>
    <message>
        <source>Users pause between requests:</source>
        <translation>Nutzer pausieren zwischen Anfragen:</translation>
    </message>
    <message>
        <source>Users start over:</source>
        <translation>Nutzer starten über:</translation>
    </message>
    <message>
        <source>Rate sweep arrivals:</source>
        <translation>Ankünfte der Ratenreihe:</translation>
    </message>
    <message>
        <source>Rate sweep in flight:</source>
        <translation>Gleichzeitig in der Ratenreihe:</translation>
    </message>
    <message>
        <source>Automatic: enough for the percentile&apos;s interval, six per user at least</source>
        <translation>Automatisch: genug für das Intervall des Perzentils, mindestens sechs je Nutzer</translation>
    </message>
    <message>
        <source>Quic&amp;k look: six requests per user, at least 16</source>
        <translation>Kurzer &amp;Blick: sechs Anfragen je Nutzer, mindestens 16</translation>
    </message>
    <message>
        <source>Quick look</source>
        <translation>Kurzer Blick</translation>
    </message>
    <message>
        <source>For trying things: each step ends sooner, but a p99 of so few requests has no upper bound, and the report says so.</source>
        <translation>Zum Ausprobieren: Jeder Schritt endet früher, aber ein p99 aus so wenigen Anfragen hat keine obere Schranke, und der Bericht sagt es.</translation>
    </message>
    <message>
        <source>Pin capacity down &amp;to within</source>
        <translation>Kapazität &amp;eingrenzen auf</translation>
    </message>
    <message numerus="yes">
        <source>After the sweep, measure loads between the two steps around capacity (at most %n more steps) until its 95% interval is this close.</source>
        <translation>
            <numerusform>Misst nach dem Durchlauf Lasten zwischen den beiden Schritten um die Kapazität (höchstens %n weiteren Schritt), bis ihr 95-%-Intervall so eng ist.</numerusform>
            <numerusform>Misst nach dem Durchlauf Lasten zwischen den beiden Schritten um die Kapazität (höchstens %n weitere Schritte), bis ihr 95-%-Intervall so eng ist.</numerusform>
        </translation>
    </message>
    <message>
        <source>Capacity precision</source>
        <translation>Genauigkeit der Kapazität</translation>
    </message>
    <message>
        <source>±</source>
        <translation>±</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>Longest wait for a server that stopped answering</source>
        <translation>Längste Wartezeit auf einen Server, der nicht mehr antwortet</translation>
    </message>
    <message>
        <source>no wait: stop the run</source>
        <translation>nicht warten: den Lauf beenden</translation>
    </message>
    <message>
        <source>A server that stops answering mid-run (refused connections, no answer on /health) is waited for this long; when it comes back, the step it went away in is measured again, else the run stops as a server failure, with no capacity drawn from that step.</source>
        <translation>Ein Server, der mitten im Lauf nicht mehr antwortet (abgewiesene Verbindungen, keine Antwort auf /health), wird so lange abgewartet; kommt er zurück, wird der Schritt, in dem er wegfiel, neu gemessen, sonst endet der Lauf als Serverausfall, und aus diesem Schritt wird keine Kapazität abgeleitet.</translation>
    </message>
    <message>
        <source>Wait for a server that went away up to:</source>
        <translation>Auf einen weggefallenen Server warten bis zu:</translation>
    </message>
    <message>
        <source>None: the trace is the load; or users at once to sweep as well, such as 1, 4, 16</source>
        <translation>Keine: Der Trace ist die Last; oder gleichzeitige Nutzer, die zusätzlich durchlaufen werden, etwa 1, 4, 16</translation>
    </message>
    <message>
        <source>A one-user baseline, then any concurrency levels and rates given here, then the trace at its own times.</source>
        <translation>Eine Grundlinie mit einem Nutzer, dann die hier angegebenen Nutzerzahlen und Raten, dann der Trace zu seinen eigenen Zeiten.</translation>
    </message>
</context>
<context>
    <name>kp::ui::PredictDialog</name>
    <message>
        <source>&amp;Predict</source>
        <translation>&amp;Vorhersagen</translation>
    </message>
    <message>
        <source>Predict a server setting</source>
        <translation>Eine Server-Einstellung vorhersagen</translation>
    </message>
    <message>
        <source>Predicted from run %1&apos;s twin; read each figure with the twin&apos;s error, stated in the first lines.</source>
        <translation>Vorhergesagt vom Zwilling des Laufs %1; lesen Sie jede Zahl mit dem Fehler des Zwillings, der in den ersten Zeilen steht.</translation>
    </message>
    <message>
        <source>No prediction: %1</source>
        <translation>Keine Vorhersage: %1</translation>
    </message>
    <message>
        <source>Run to fit the twin to</source>
        <translation>Lauf, an den der Zwilling angepasst wird</translation>
    </message>
    <message>
        <source>Run %1: %2 (%3)</source>
        <translation>Lauf %1: %2 (%3)</translation>
    </message>
    <message>
        <source>as measured</source>
        <translation>wie gemessen</translation>
    </message>
    <message>
        <source>Requests at once (max-num-seqs, llama.cpp&apos;s parallel)</source>
        <translation>Gleichzeitige Anfragen (max-num-seqs, bei llama.cpp parallel)</translation>
    </message>
    <message>
        <source>Tokens per step (max-num-batched-tokens)</source>
        <translation>Tokens pro Schritt (max-num-batched-tokens)</translation>
    </message>
    <message>
        <source>KV cache blocks</source>
        <translation>KV-Cache-Blöcke</translation>
    </message>
    <message>
        <source>A twin of the run&apos;s server is fitted to its steps, then asked what these settings would do to the same users. Prefix caching, chunked prefill, tensor parallelism, the KV cache&apos;s type and quantisation are not modelled: measure them.</source>
        <translation>Ein Zwilling des Servers wird an die Schritte des Laufs angepasst und dann gefragt, was diese Einstellungen bei denselben Nutzern bewirken würden. Präfix-Caching, Chunked Prefill, Tensor-Parallelität, der Typ des KV-Caches und Quantisierung sind nicht modelliert: messen Sie sie.</translation>
    </message>
    <message>
        <source>Prediction</source>
        <translation>Vorhersage</translation>
    </message>
    <message>
        <source>&amp;Run:</source>
        <translation>&amp;Lauf:</translation>
    </message>
    <message>
        <source>Requests &amp;at once:</source>
        <translation>&amp;Gleichzeitige Anfragen:</translation>
    </message>
    <message>
        <source>&amp;Tokens per step:</source>
        <translation>&amp;Tokens pro Schritt:</translation>
    </message>
    <message>
        <source>&amp;KV cache blocks:</source>
        <translation>&amp;KV-Cache-Blöcke:</translation>
    </message>
    <message>
        <source>Fitting run %1&apos;s twin…</source>
        <translation>Zwilling von Lauf %1 wird angepasst…</translation>
    </message>
</context>
<context>
    <name>kp::ui::QualityAskDialog</name>
    <message>
        <source>Ask the question set</source>
        <translation>Fragenkatalog stellen</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>Server-URL</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>none; kept in memory only</source>
        <translation>keiner; wird nur im Arbeitsspeicher gehalten</translation>
    </message>
    <message>
        <source>Role of this pass</source>
        <translation>Rolle dieses Durchgangs</translation>
    </message>
    <message>
        <source>Before the change</source>
        <translation>Vor der Änderung</translation>
    </message>
    <message>
        <source>After the change</source>
        <translation>Nach der Änderung</translation>
    </message>
    <message>
        <source>Allowed accuracy drop</source>
        <translation>Erlaubter Genauigkeitsverlust</translation>
    </message>
    <message>
        <source> percentage points</source>
        <translation> Prozentpunkte</translation>
    </message>
    <message>
        <source>Repetitions</source>
        <translation>Wiederholungen</translation>
    </message>
    <message>
        <source>Questions at a time</source>
        <translation>Fragen gleichzeitig</translation>
    </message>
    <message>
        <source>Question set file</source>
        <translation>Datei des Fragenkatalogs</translation>
    </message>
    <message numerus="yes">
        <source>the bundled set (%n questions)</source>
        <translation>
            <numerusform>der mitgelieferte Katalog (%n Frage)</numerusform>
            <numerusform>der mitgelieferte Katalog (%n Fragen)</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>Choose a question set</source>
        <translation>Fragenkatalog auswählen</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl);;All files (*)</source>
        <translation>JSON Lines (*.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>&amp;Server:</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <source>&amp;Role:</source>
        <translation>&amp;Rolle:</translation>
    </message>
    <message>
        <source>Allowed &amp;drop:</source>
        <translation>Erlaubter &amp;Verlust:</translation>
    </message>
    <message>
        <source>R&amp;epetitions:</source>
        <translation>W&amp;iederholungen:</translation>
    </message>
    <message>
        <source>At a &amp;time:</source>
        <translation>&amp;Gleichzeitig:</translation>
    </message>
    <message>
        <source>&amp;Question set:</source>
        <translation>&amp;Fragenkatalog:</translation>
    </message>
    <message>
        <source>Every question is asked at temperature 0 with a fixed seed. The second repetition is the noise floor: how many answers move with nothing changed. The allowed drop is the rule the &quot;after&quot; pass will be judged by; it is set now, before any answer exists.</source>
        <translation>Jede Frage wird mit Temperatur 0 und festem Seed gestellt. Die zweite Wiederholung ist das Grundrauschen: wie viele Antworten sich ändern, obwohl nichts geändert wurde. Der erlaubte Verlust ist die Regel, nach der der Durchgang „nach der Änderung“ beurteilt wird; sie wird jetzt festgelegt, bevor es eine Antwort gibt.</translation>
    </message>
    <message>
        <source>&amp;Ask</source>
        <translation>&amp;Fragen stellen</translation>
    </message>
    <message>
        <source>%1 of %2 answers</source>
        <translation>%1 von %2 Antworten</translation>
    </message>
    <message>
        <source>Asking…</source>
        <translation>Wird gefragt…</translation>
    </message>
    <message>
        <source>Nothing was asked or stored: %1</source>
        <translation>Es wurde nichts gefragt oder gespeichert: %1</translation>
    </message>
    <message>
        <source>The answers could not be stored: %1</source>
        <translation>Die Antworten konnten nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>The API key %1</source>
        <translation>Der API-Schlüssel %1</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Schließen</translation>
    </message>
    <message>
        <source>The server&apos;s address</source>
        <translation>Die Adresse des Servers</translation>
    </message>
    <message>
        <source>Only on a network you trust: anyone in between could read the API key and the answers.</source>
        <translation>Nur in einem Netz, dem Sie vertrauen: jeder dazwischen könnte den API-Schlüssel und die Antworten lesen.</translation>
    </message>
    <message>
        <source>CA certificate file</source>
        <translation>CA-Zertifikatsdatei</translation>
    </message>
    <message>
        <source>for https:// signed by a private CA (PEM), optional</source>
        <translation>für https://, von einer eigenen CA signiert (PEM), optional</translation>
    </message>
    <message>
        <source>C&amp;hoose…</source>
        <translation>Auswäh&amp;len…</translation>
    </message>
    <message>
        <source>CA certificate</source>
        <translation>CA-Zertifikat</translation>
    </message>
    <message>
        <source>PEM certificates (*.pem *.crt);;All files (*)</source>
        <translation>PEM-Zertifikate (*.pem *.crt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>CA &amp;file:</source>
        <translation>&amp;CA-Datei:</translation>
    </message>
    <message>
        <source>The CA file %1: %2.</source>
        <translation>Die CA-Datei %1: %2.</translation>
    </message>
    <message>
        <source>Do &amp;not check the server&apos;s TLS certificate</source>
        <translation>TLS-Zertifikat des Servers &amp;nicht prüfen</translation>
    </message>
</context>
<context>
    <name>kp::ui::QualityView</name>
    <message>
        <source>Asked</source>
        <translation>Gefragt</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Question set</source>
        <translation>Fragenkatalog</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>Richtig</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>&amp;Ask the question set…</source>
        <translation>Fragenkatalog &amp;stellen…</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>Fragen</translation>
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
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Erwartet</translation>
    </message>
    <message>
        <source>Pass before the change</source>
        <translation>Durchgang vor der Änderung</translation>
    </message>
    <message>
        <source>Pass after the change</source>
        <translation>Durchgang nach der Änderung</translation>
    </message>
    <message>
        <source>Quality verdict</source>
        <translation>Qualitätsfazit</translation>
    </message>
    <message>
        <source>Speed is half of a change such as an FP8 KV cache or a 4-bit checkpoint; the other half is whether the answers stay right. Ask the question set before the change and after it, then compare the two passes question by question.</source>
        <translation>Geschwindigkeit ist nur die eine Hälfte einer Änderung wie eines FP8-KV-Caches oder eines 4-Bit-Checkpoints; die andere Hälfte ist, ob die Antworten richtig bleiben. Stellen Sie den Fragenkatalog vor und nach der Änderung und vergleichen Sie dann beide Durchgänge Frage für Frage.</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>&amp;Before:</source>
        <translation>&amp;Vorher:</translation>
    </message>
    <message>
        <source>A&amp;fter:</source>
        <translation>&amp;Nachher:</translation>
    </message>
    <message>
        <source>before</source>
        <translation>vorher</translation>
    </message>
    <message>
        <source>after</source>
        <translation>nachher</translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation>%1 von %2 (%3)</translation>
    </message>
    <message>
        <source>none answered</source>
        <translation>keine beantwortet</translation>
    </message>
    <message>
        <source>Pass %1: %2, %3</source>
        <translation>Durchgang %1: %2, %3</translation>
    </message>
    <message>
        <source>The quality passes could not be read: %1</source>
        <translation>Die Qualitätsdurchgänge konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Those passes cannot be compared.</source>
        <translation>Diese Durchgänge lassen sich nicht vergleichen.</translation>
    </message>
    <message>
        <source>Fail</source>
        <translation>Nicht bestanden</translation>
    </message>
    <message>
        <source>Inconclusive</source>
        <translation>Nicht eindeutig</translation>
    </message>
    <message>
        <source>Right before: %1; after: %2 (%3 questions answered in both).</source>
        <translation>Richtig vorher: %1; nachher: %2 (%3 Fragen in beiden beantwortet).</translation>
    </message>
    <message>
        <source>The rule, set with the before pass: a drop of at most %1 percentage points.</source>
        <translation>Die Regel, festgelegt mit dem Durchgang vorher: ein Verlust von höchstens %1 Prozentpunkten.</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) left out: a request failed in one of the passes.</source>
        <translation>
            <numerusform>%n Frage ausgelassen: Eine Anfrage ist in einem der Durchgänge fehlgeschlagen.</numerusform>
            <numerusform>%n Fragen ausgelassen: Eine Anfrage ist in einem der Durchgänge fehlgeschlagen.</numerusform>
        </translation>
    </message>
    <message>
        <source>wrong → right</source>
        <translation>falsch → richtig</translation>
    </message>
    <message>
        <source>right → wrong</source>
        <translation>richtig → falsch</translation>
    </message>
    <message>
        <source>Pass</source>
        <comment>a column header: one asking of the question set</comment>
        <translation>Durchgang</translation>
    </message>
    <message>
        <source>Pass</source>
        <comment>the verdict: the change kept the answers right</comment>
        <translation>Bestanden</translation>
    </message>
    <message>
        <source>Pass %1: %2, %3 (none right)</source>
        <translation>Durchgang %1: %2, %3 (keine richtig)</translation>
    </message>
    <message>
        <source>Change: %1, %2% interval %3 to %4. Right → wrong: %5; wrong → right: %6; a split this uneven comes %7.</source>
        <translation>Änderung: %1, %2-%-Intervall %3 bis %4. Richtig → falsch: %5; falsch → richtig: %6; eine so ungleiche Verteilung kommt %7 vor.</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <source>Delete the selected passes and their answers (Delete)</source>
        <translation>Die gewählten Durchgänge mit ihren Antworten löschen (Entf)</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>No quality pass yet. Press &lt;b&gt;Ask the question set…&lt;/b&gt; and ask it as &lt;i&gt;before the change&lt;/i&gt;; make the change (a new flag, a quantized checkpoint), restart the server, and ask it again as &lt;i&gt;after the change&lt;/i&gt;. The two are compared here.</source>
        <translation>Noch kein Qualitätsdurchgang. Drücken Sie &lt;b&gt;Fragenkatalog stellen…&lt;/b&gt; und stellen Sie ihn als &lt;i&gt;vor der Änderung&lt;/i&gt;; nehmen Sie die Änderung vor (ein neues Flag, ein quantisierter Checkpoint), starten Sie den Server neu und stellen Sie ihn erneut als &lt;i&gt;nach der Änderung&lt;/i&gt;. Hier werden die beiden verglichen.</translation>
    </message>
    <message>
        <source>%1 is a pass before the change. Make the change, then press &lt;b&gt;Ask the question set…&lt;/b&gt; and ask it as &lt;i&gt;after the change&lt;/i&gt; to compare the two.</source>
        <translation>%1 ist ein Durchgang vor der Änderung. Nehmen Sie die Änderung vor, drücken Sie dann &lt;b&gt;Fragenkatalog stellen…&lt;/b&gt; und stellen Sie ihn als &lt;i&gt;nach der Änderung&lt;/i&gt;, um die beiden zu vergleichen.</translation>
    </message>
    <message>
        <source>%1 is a pass after a change, with nothing to compare it to. Ask the question set as &lt;i&gt;before the change&lt;/i&gt; on the server as it was.</source>
        <translation>%1 ist ein Durchgang nach einer Änderung, ohne etwas zum Vergleichen. Stellen Sie den Fragenkatalog als &lt;i&gt;vor der Änderung&lt;/i&gt; an den Server, wie er vorher war.</translation>
    </message>
    <message>
        <source>Delete quality passes</source>
        <translation>Qualitätsdurchgänge löschen</translation>
    </message>
    <message>
        <source>Delete pass %1 and its answers? A comparison that used it can no longer be made.</source>
        <translation>Durchgang %1 mit seinen Antworten löschen? Ein Vergleich, der ihn nutzte, ist dann nicht mehr möglich.</translation>
    </message>
    <message>
        <source>Delete passes %1 and their answers? A comparison that used them can no longer be made.</source>
        <translation>Durchgänge %1 mit ihren Antworten löschen? Ein Vergleich, der sie nutzte, ist dann nicht mehr möglich.</translation>
    </message>
</context>
<context>
    <name>kp::ui::ReportExport</name>
    <message>
        <source>Kneepoint writes %1 reports; &apos;%2&apos; is none of them.</source>
        <translation>Kneepoint schreibt Berichte als %1; „%2“ ist keines davon.</translation>
    </message>
</context>
<context>
    <name>kp::ui::ReportFileView</name>
    <message>
        <source>Report</source>
        <translation>Bericht</translation>
    </message>
    <message>
        <source>%1 (file)</source>
        <translation>%1 (Datei)</translation>
    </message>
    <message>
        <source>Read from</source>
        <translation>Gelesen aus</translation>
    </message>
    <message>
        <source>%1: a report file holds the analysis but not the requests, so what-if and export need the run store it came from.</source>
        <translation>%1: Eine Berichtsdatei enthält die Analyse, aber nicht die Anfragen; Was-wäre-wenn und Export brauchen daher den Laufspeicher, aus dem sie stammt.</translation>
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
        <translation>Die drei Wände</translation>
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
        <source>Answer quality</source>
        <translation>Antwortqualität</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>Every request (%1)</source>
        <translation>Jede Anfrage (%1)</translation>
    </message>
    <message>
        <source>Not worth trying</source>
        <translation>Keinen Versuch wert</translation>
    </message>
    <message>
        <source>Copied ✓</source>
        <translation>Kopiert ✓</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2)</translation>
    </message>
    <message>
        <source>⚠ Before you trust these numbers: %1. The details are under the scorecard.</source>
        <translation>⚠ Bevor Sie diesen Zahlen vertrauen: %1. Die Einzelheiten stehen unter der Bewertungsübersicht.</translation>
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
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
</context>
<context>
    <name>kp::ui::RunAnnotationDialog</name>
    <message>
        <source>Run %1: name, tags and notes</source>
        <translation>Lauf %1: Name, Tags und Notizen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>what this run was, e.g. baseline before the fp8 KV cache</source>
        <translation>was dieser Lauf war, z. B. Basislinie vor dem FP8-KV-Cache</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>separated by commas, e.g. baseline, h100, nightly</source>
        <translation>durch Kommas getrennt, z. B. basislinie, h100, nightly</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notizen</translation>
    </message>
    <message>
        <source>why it was run, what was changed on the server, what to remember</source>
        <translation>warum er lief, was am Server geändert wurde, was man sich merken sollte</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Tags:</source>
        <translation>&amp;Tags:</translation>
    </message>
    <message>
        <source>N&amp;otes:</source>
        <translation>N&amp;otizen:</translation>
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
    <message>
        <source>server failed</source>
        <translation>Server ausgefallen</translation>
    </message>
    <message>
        <source>demo, stopped</source>
        <translation>Demo, angehalten</translation>
    </message>
    <message>
        <source>demo, incomplete</source>
        <translation>Demo, unvollständig</translation>
    </message>
    <message>
        <source>demo, failed</source>
        <translation>Demo, fehlgeschlagen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
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
    <message>
        <source>server failed</source>
        <translation>Server ausgefallen</translation>
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
    <message>
        <source>Do not check the server&apos;s TLS &amp;certificate</source>
        <translation>TLS-Zertifikat des Servers &amp;nicht prüfen</translation>
    </message>
    <message>
        <source>Only on a network you trust: anyone in between could read the API key and the answers. The report says the certificate was not checked.</source>
        <translation>Nur in einem vertrauenswürdigen Netz: Jeder dazwischen könnte den API-Schlüssel und die Antworten mitlesen. Der Bericht vermerkt, dass das Zertifikat nicht geprüft wurde.</translation>
    </message>
    <message>
        <source>The API key %1</source>
        <translation>Der API-Schlüssel %1</translation>
    </message>
    <message>
        <source>The address</source>
        <translation>Die Adresse</translation>
    </message>
    <message>
        <source>Trusted beside this machine&apos;s own CAs, for a server whose certificate a private CA signed (kneepoint run --ca-file).</source>
        <translation>Wird neben den CAs dieser Maschine vertraut, für einen Server, dessen Zertifikat eine eigene CA signiert hat (kneepoint run --ca-file).</translation>
    </message>
    <message>
        <source>C&amp;hoose…</source>
        <translation>Auswäh&amp;len…</translation>
    </message>
    <message>
        <source>CA certificate</source>
        <translation>CA-Zertifikat</translation>
    </message>
    <message>
        <source>PEM certificates (*.pem *.crt *.cer);;All files (*)</source>
        <translation>PEM-Zertifikate (*.pem *.crt *.cer);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>The CA certificate file %1: %2.</source>
        <translation>Die CA-Zertifikatsdatei %1: %2.</translation>
    </message>
    <message>
        <source>for https:// signed by a private CA (PEM), optional</source>
        <translation>für https://, von einer eigenen CA signiert (PEM), optional</translation>
    </message>
    <message>
        <source>CA certificate:</source>
        <translation>CA-Zertifikat:</translation>
    </message>
    <message>
        <source>&amp;Simulated server</source>
        <translation>Si&amp;mulierter Server</translation>
    </message>
    <message>
        <source>Use Kneepoint&apos;s simulated server</source>
        <translation>Kneepoints simulierten Server verwenden</translation>
    </message>
    <message>
        <source>No server at hand: start Kneepoint&apos;s simulated vLLM on this machine (Llama 3.1 8B on the GPU chosen under Hardware, an H100 if none; at 10× speed) and measure it. It stops when the run ends.</source>
        <translation>Kein Server zur Hand: Kneepoints simuliertes vLLM auf diesem Rechner starten (Llama 3.1 8B auf der unter Hardware gewählten GPU, sonst einer H100; mit 10-facher Geschwindigkeit) und messen. Es endet mit dem Lauf.</translation>
    </message>
    <message>
        <source>Starting Kneepoint&apos;s simulated vLLM server…</source>
        <translation>Kneepoints simulierter vLLM-Server startet…</translation>
    </message>
    <message>
        <source>The simulated server could not start: %1</source>
        <translation>Der simulierte Server konnte nicht starten: %1</translation>
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
        <source>KNEEPOINT_DB is set, so it decides where runs are stored; this choice applies once it is not.</source>
        <translation>KNEEPOINT_DB ist gesetzt und bestimmt daher, wo Läufe gespeichert werden; diese Auswahl gilt, sobald es nicht mehr gesetzt ist.</translation>
    </message>
    <message>
        <source>A new location is used from the next start; the runs stored so far stay where they are.</source>
        <translation>Ein neuer Speicherort gilt ab dem nächsten Start; die bisher gespeicherten Läufe bleiben, wo sie sind.</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Erscheinungsbild</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>&amp;Appearance</source>
        <translation>&amp;Erscheinungsbild</translation>
    </message>
    <message>
        <source>Run &amp;history</source>
        <translation>Lauf&amp;verlauf</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Default TTFT target</source>
        <translation>Standard-Zielwert für TTFT</translation>
    </message>
    <message>
        <source>Default TPOT target</source>
        <translation>Standard-Zielwert für TPOT</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Default traffic product</source>
        <translation>Standard-Verkehrsart</translation>
    </message>
    <message>
        <source>Default percentile</source>
        <translation>Standard-Perzentil</translation>
    </message>
    <message>
        <source>Default GPU</source>
        <translation>Standard-GPU</translation>
    </message>
    <message>
        <source>Chosen in the wizard</source>
        <translation>Im Assistenten gewählt</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>New runs start with</source>
        <translation>Neue Läufe beginnen mit</translation>
    </message>
    <message>
        <source>&amp;Traffic:</source>
        <translation>Ver&amp;kehr:</translation>
    </message>
    <message>
        <source>TT&amp;FT target:</source>
        <translation>TT&amp;FT-Zielwert:</translation>
    </message>
    <message>
        <source>TP&amp;OT target:</source>
        <translation>TP&amp;OT-Zielwert:</translation>
    </message>
    <message>
        <source>Perce&amp;ntile:</source>
        <translation>Perze&amp;ntil:</translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation>&amp;GPU:</translation>
    </message>
    <message>
        <source>The wizard also keeps the last run&apos;s server address, concurrency levels and Quick look. Never its API key.</source>
        <translation>Der Assistent merkt sich außerdem die Serveradresse, die Nebenläufigkeitsstufen und „Kurzer Blick“ des letzten Laufs. Nie dessen API-Schlüssel.</translation>
    </message>
    <message>
        <source>the product&apos;s (%1 ms)</source>
        <translation>die des Produkts (%1 ms)</translation>
    </message>
    <message>
        <source>A language chosen here is used from the next start.</source>
        <translation>Eine hier gewählte Sprache gilt ab dem nächsten Start.</translation>
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
    <message>
        <source>“%1” is not a time from %2 to %3 ms; the target stays at %4 ms.</source>
        <translation>„%1“ ist keine Zeit von %2 bis %3 ms; das Ziel bleibt bei %4 ms.</translation>
    </message>
    <message>
        <source>Percent&amp;ile:</source>
        <translation>Perze&amp;ntil:</translation>
    </message>
    <message>
        <source>First &amp;answer token (TTFO):</source>
        <translation>Erstes Antw&amp;ort-Token (TTFO):</translation>
    </message>
    <message>
        <source>Use a target on the time to the first answer token</source>
        <translation>Zielwert für die Zeit bis zum ersten Antwort-Token verwenden</translation>
    </message>
    <message>
        <source>Time to first answer token target</source>
        <translation>Zielwert für die Zeit bis zum ersten Antwort-Token</translation>
    </message>
    <message>
        <source>Optional, for a reasoning model: the wait to the first answer token, after its thinking. A model that does not think answers at its first token.</source>
        <translation>Optional, für ein Reasoning-Modell: die Wartezeit bis zum ersten Antwort-Token, nach seinem Nachdenken. Ein Modell, das nicht nachdenkt, antwortet mit seinem ersten Token.</translation>
    </message>
    <message>
        <source>The first answer token cannot come before the first token: make TTFO at least the TTFT target (%1 ms).</source>
        <translation>Das erste Antwort-Token kann nicht vor dem ersten Token kommen: Setzen Sie TTFO mindestens auf den TTFT-Zielwert (%1 ms).</translation>
    </message>
</context>
<context>
    <name>kp::ui::TrafficPage</name>
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
    <message>
        <source>Shared prefix in tokens</source>
        <translation>Gemeinsames Präfix in Tokens</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <source>none: every prompt its own</source>
        <translation>keines: jeder Prompt ist eigen</translation>
    </message>
    <message>
        <source>Every prompt starts with the same tokens, as a shared system prompt does; a server&apos;s prefix cache may then skip their prefill.</source>
        <translation>Jeder Prompt beginnt mit denselben Tokens, wie bei einem gemeinsamen Systemprompt; der Präfix-Cache eines Servers kann dann ihren Prefill überspringen.</translation>
    </message>
    <message>
        <source>S&amp;hared prefix:</source>
        <translation>Gemeinsames Prä&amp;fix:</translation>
    </message>
    <message>
        <source>Spread of the request lengths in percent</source>
        <translation>Streuung der Anfragelängen in Prozent</translation>
    </message>
    <message>
        <source>within ±</source>
        <translation>innerhalb ±</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>none: every request exactly its size</source>
        <translation>keine: jede Anfrage genau ihre Größe</translation>
    </message>
    <message>
        <source>Each prompt&apos;s input and output lengths are drawn at random within this share of the size, as real traffic varies; the average stays the size.</source>
        <translation>Ein- und Ausgabelänge jedes Prompts werden zufällig innerhalb dieses Anteils der Größe gezogen, wie echter Verkehr schwankt; der Mittelwert bleibt die Größe.</translation>
    </message>
    <message>
        <source>&amp;Lengths vary:</source>
        <translation>&amp;Längen schwanken:</translation>
    </message>
    <message>
        <source>Turns of each conversation</source>
        <translation>Runden jedes Gesprächs</translation>
    </message>
    <message>
        <source> turns</source>
        <translation> Runden</translation>
    </message>
    <message>
        <source>none: every request stands alone</source>
        <translation>keine: jede Anfrage für sich</translation>
    </message>
    <message>
        <source>Each user holds conversations of this many turns, and every turn resends the history before a new question, as chat clients do: a server&apos;s prefix cache can then serve the history.</source>
        <translation>Jeder Nutzer führt Gespräche mit so vielen Runden, und jede Runde sendet den Verlauf vor einer neuen Frage erneut, wie Chat-Clients es tun: Der Präfix-Cache eines Servers kann dann den Verlauf liefern.</translation>
    </message>
    <message>
        <source>Bro&amp;wse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>Con&amp;versations:</source>
        <translation>Gesp&amp;räche:</translation>
    </message>
    <message>
        <source>&amp;Empty the server&apos;s prefix cache before each step</source>
        <translation>Präfix-&amp;Cache des Servers vor jedem Schritt leeren</translation>
    </message>
    <message>
        <source>Asks vLLM (POST /reset_prefix_cache, served with VLLM_SERVER_DEV_MODE=1 only), llama-server (each slot erased) or SGLang (POST /flush_cache) before each step; the report&apos;s prefix-cache check says whether it could (--reset-prefix-cache).</source>
        <translation>Bittet vor jedem Schritt vLLM (POST /reset_prefix_cache, nur mit VLLM_SERVER_DEV_MODE=1 angeboten), llama-server (jeder Slot geleert) oder SGLang (POST /flush_cache) darum; die Präfix-Cache-Prüfung des Berichts sagt, ob es ging (--reset-prefix-cache).</translation>
    </message>
    <message>
        <source>Replay a production &amp;trace</source>
        <translation>Einen Produktions-Trace &amp;nachspielen</translation>
    </message>
    <message>
        <source>Production trace</source>
        <translation>Produktions-Trace</translation>
    </message>
    <message>
        <source>Trace file</source>
        <translation>Trace-Datei</translation>
    </message>
    <message>
        <source>Mooncake JSONL, Azure LLM inference CSV or BurstGPT CSV</source>
        <translation>Mooncake-JSONL, Azure-LLM-Inference-CSV oder BurstGPT-CSV</translation>
    </message>
    <message>
        <source>Choose the trace file</source>
        <translation>Die Trace-Datei wählen</translation>
    </message>
    <message>
        <source>Replay speed</source>
        <translation>Abspielgeschwindigkeit</translation>
    </message>
    <message>
        <source>× as recorded</source>
        <translation>× wie aufgezeichnet</translation>
    </message>
    <message>
        <source>2 sends the trace twice as fast: every gap between arrivals halved (--trace-speed).</source>
        <translation>2 sendet den Trace doppelt so schnell: Jede Lücke zwischen Ankünften halbiert (--trace-speed).</translation>
    </message>
    <message>
        <source>Start of the replay in seconds</source>
        <translation>Beginn des Nachspielens in Sekunden</translation>
    </message>
    <message>
        <source> s into the trace</source>
        <translation> s im Trace</translation>
    </message>
    <message>
        <source>Length of the replay in seconds of the trace</source>
        <translation>Länge des Nachspielens in Sekunden des Trace</translation>
    </message>
    <message>
        <source> s of the trace</source>
        <translation> s des Trace</translation>
    </message>
    <message>
        <source>to its end</source>
        <translation>bis zum Ende</translation>
    </message>
    <message>
        <source>F&amp;ile:</source>
        <translation>Trace-Date&amp;i:</translation>
    </message>
    <message>
        <source>Repla&amp;y:</source>
        <translation>A&amp;usschnitt:</translation>
    </message>
    <message>
        <source>Choose a trace</source>
        <translation>Einen Trace wählen</translation>
    </message>
    <message>
        <source>Traces (*.jsonl *.csv);;All files (*)</source>
        <translation>Traces (*.jsonl *.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Choose the trace to replay.</source>
        <translation>Wählen Sie den Trace, der nachgespielt werden soll.</translation>
    </message>
    <message>
        <source>%1 is a folder; choose a trace file in it.</source>
        <translation>%1 ist ein Ordner; wählen Sie eine Trace-Datei darin.</translation>
    </message>
    <message>
        <source>The trace has no request in this window: it spans %1 s.</source>
        <translation>Der Trace hat in diesem Ausschnitt keine Anfrage: Er umfasst %1 s.</translation>
    </message>
    <message>
        <source>A request of this window, %1 s into the replay, needs %2 tokens of context; the server allows %3.</source>
        <translation>Eine Anfrage dieses Ausschnitts, %1 s nach Beginn, braucht %2 Tokens Kontext; der Server erlaubt %3.</translation>
    </message>
    <message>
        <source>%1: %2 requests over %3 s as replayed, %4 requests per second on average; %5 tokens in and %6 out on average.</source>
        <translation>%1: %2 Anfragen über %3 s wie nachgespielt, im Mittel %4 Anfragen pro Sekunde; im Mittel %5 Tokens hinein und %6 heraus.</translation>
    </message>
    <message>
        <source>Pic&amp;k…</source>
        <translation>Wä&amp;hlen…</translation>
    </message>
    <message>
        <source>Models or adapters to send to, with their weights</source>
        <translation>Modelle oder Adapter, an die gesendet wird, mit ihren Gewichten</translation>
    </message>
    <message>
        <source>the server&apos;s model; or NAME:WEIGHT, … such as base:70, sql-lora:30</source>
        <translation>das Modell des Servers; oder NAME:GEWICHT, … etwa base:70, sql-lora:30</translation>
    </message>
    <message>
        <source>Send to several models or LoRA adapters of the server by weight: each prompt, or conversation, goes to one, and the report gives every figure by model (--models).</source>
        <translation>An mehrere Modelle oder LoRA-Adapter des Servers nach Gewicht senden: Jeder Prompt, oder jedes Gespräch, geht an eines, und der Bericht nennt jede Zahl nach Modell (--models).</translation>
    </message>
    <message>
        <source>&amp;Models:</source>
        <translation>&amp;Modelle:</translation>
    </message>
    <message>
        <source>Sub-calls after each turn</source>
        <translation>Teilaufrufe nach jeder Runde</translation>
    </message>
    <message>
        <source>agents: </source>
        <translation>Agenten: </translation>
    </message>
    <message>
        <source> sub-calls after each turn</source>
        <translation> Teilaufrufe nach jeder Runde</translation>
    </message>
    <message>
        <source>no sub-calls</source>
        <translation>keine Teilaufrufe</translation>
    </message>
    <message>
        <source>Agents: each turn but the last is followed by this many sub-calls (tool calls, sub-agents) sent together, each the turn&apos;s history and a task of its own; the next turn waits for them all and carries their answers. Needs two turns or more.</source>
        <translation>Agenten: Auf jede Runde außer der letzten folgen so viele gleichzeitig gesendete Teilaufrufe (Werkzeugaufrufe, Sub-Agenten), jeder mit dem Verlauf der Runde und einer eigenen Aufgabe; die nächste Runde wartet auf alle und enthält ihre Antworten. Braucht zwei Runden oder mehr.</translation>
    </message>
    <message>
        <source>One per line: {&quot;prompt&quot;: …}, {&quot;messages&quot;: […]}, {&quot;conversations&quot;: […]} or {&quot;agent&quot;: […]}</source>
        <translation>Eine pro Zeile: {&quot;prompt&quot;: …}, {&quot;messages&quot;: […]}, {&quot;conversations&quot;: […]} oder {&quot;agent&quot;: […]}</translation>
    </message>
</context>
<context>
    <name>kp::ui::TuneDialog</name>
    <message>
        <source>six per user</source>
        <translation>sechs pro Nutzer</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <source>Check the answers of a setting that can change them (KV cache dtype, quantisation, speculative decoding)</source>
        <translation>Antworten einer Einstellung prüfen, die sie ändern kann (KV-Cache-Datentyp, Quantisierung, spekulatives Dekodieren)</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <source>&amp;Copy flag</source>
        <translation>Flag &amp;kopieren</translation>
    </message>
    <message>
        <source>Find the best setting</source>
        <translation>Beste Einstellung finden</translation>
    </message>
    <message>
        <source>Settings to try</source>
        <translation>Zu probierende Einstellungen</translation>
    </message>
    <message>
        <source>Each KEY=V1,V2 is an engine argument and its values, each value tried alone against the baseline; separate several keys with spaces. The same allow-list as Start a server applies.</source>
        <translation>Jedes SCHLÜSSEL=W1,W2 ist ein Engine-Argument mit seinen Werten; jeder Wert wird allein gegen die Ausgangslage probiert. Mehrere Schlüssel durch Leerzeichen trennen. Es gilt dieselbe Erlaubnisliste wie bei Server starten.</translation>
    </message>
    <message>
        <source>Users</source>
        <translation>Nutzer</translation>
    </message>
    <message>
        <source>Requests per step</source>
        <translation>Anfragen pro Schritt</translation>
    </message>
    <message>
        <source>TTFT target</source>
        <translation>TTFT-Ziel</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>TPOT target</source>
        <translation>TPOT-Ziel</translation>
    </message>
    <message>
        <source>Percentile</source>
        <translation>Perzentil</translation>
    </message>
    <message>
        <source>Most settings to measure</source>
        <translation>Höchstens zu messende Einstellungen</translation>
    </message>
    <message>
        <source>Most minutes</source>
        <translation>Höchstens Minuten</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Check the answers</source>
        <translation>Antworten prüfen</translation>
    </message>
    <message>
        <source>The same from the command line</source>
        <translation>Dasselbe auf der Kommandozeile</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Flag to copy</source>
        <translation>Zu kopierendes Flag</translation>
    </message>
    <message>
        <source>What happens</source>
        <translation>Was geschieht</translation>
    </message>
    <message>
        <source>&amp;Users:</source>
        <translation>N&amp;utzer:</translation>
    </message>
    <message>
        <source>&amp;Requests per step:</source>
        <translation>&amp;Anfragen pro Schritt:</translation>
    </message>
    <message>
        <source>T&amp;POT:</source>
        <translation>T&amp;POT:</translation>
    </message>
    <message>
        <source>at p&amp;ercentile:</source>
        <translation>beim P&amp;erzentil:</translation>
    </message>
    <message>
        <source>no trial starts after:</source>
        <translation>kein Versuch startet nach:</translation>
    </message>
    <message>
        <source>Most settings to &amp;measure:</source>
        <translation>Höchstens zu &amp;messende Einstellungen:</translation>
    </message>
    <message>
        <source>The server is the one filled in under Start a server: it is launched once as it is (the baseline), then once with each setting alone, each proven, swept under the targets, and stopped and removed. A setting is recommended only when its capacity beat the baseline&apos;s beyond noise and its answers held. Every trial is a stored run.</source>
        <translation>Der Server ist der unter Server starten eingetragene: Er wird einmal so, wie er ist, gestartet (die Ausgangslage), dann einmal mit jeder Einstellung allein, jeweils geprüft, unter den Zielen durchgemessen, gestoppt und entfernt. Eine Einstellung wird nur empfohlen, wenn ihre Kapazität die der Ausgangslage jenseits des Rauschens übertraf und ihre Antworten hielten. Jeder Versuch ist ein gespeicherter Lauf.</translation>
    </message>
    <message>
        <source>Copied %1 to the clipboard.</source>
        <translation>%1 in die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <source>Name the settings to try, then Start.</source>
        <translation>Nennen Sie die zu probierenden Einstellungen, dann Starten.</translation>
    </message>
    <message>
        <source>Name the settings to try, such as %1.</source>
        <translation>Nennen Sie die zu probierenden Einstellungen, etwa %1.</translation>
    </message>
    <message>
        <source>Users takes whole numbers separated by commas, such as 1,2,4,8, not &apos;%1&apos;.</source>
        <translation>Nutzer nimmt ganze Zahlen, durch Kommas getrennt, etwa 1,2,4,8, nicht &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Same as: kneepoint tune %1</source>
        <translation>Dasselbe wie: kneepoint tune %1</translation>
    </message>
    <message>
        <source>Checking every launch before the first starts…</source>
        <translation>Jeder Start wird geprüft, bevor der erste beginnt…</translation>
    </message>
    <message>
        <source>Trial %1 of at most %2: %3.</source>
        <translation>Versuch %1 von höchstens %2: %3.</translation>
    </message>
    <message>
        <source>Nothing was started: %1</source>
        <translation>Nichts wurde gestartet: %1</translation>
    </message>
    <message>
        <source>Stopping: the step in progress is cancelled, and the server is stopped and removed…</source>
        <translation>Wird gestoppt: Der laufende Schritt wird abgebrochen, der Server gestoppt und entfernt…</translation>
    </message>
    <message>
        <source>The baseline was not measured: the log says why.</source>
        <translation>Die Ausgangslage wurde nicht gemessen: Das Protokoll sagt, warum.</translation>
    </message>
    <message>
        <source>Stopped. From what was measured: %1</source>
        <translation>Gestoppt. Nach dem, was gemessen wurde: %1</translation>
    </message>
    <message>
        <source>Stop the experiment? The trial in progress is cancelled (its completed steps are kept) and its server stopped and removed.</source>
        <translation>Das Experiment stoppen? Der laufende Versuch wird abgebrochen (seine abgeschlossenen Schritte bleiben erhalten), sein Server gestoppt und entfernt.</translation>
    </message>
    <message>
        <source>Show the ta&amp;ble…</source>
        <translation>Ta&amp;belle zeigen…</translation>
    </message>
    <message>
        <source>Setti&amp;ngs to try:</source>
        <translation>Zu probierende Ei&amp;nstellungen:</translation>
    </message>
    <message>
        <source>Tar&amp;gets: TTFT:</source>
        <translation>&amp;Ziele: TTFT:</translation>
    </message>
</context>
<context>
    <name>kp::ui::WallsView</name>
    <message>
        <source>The three walls</source>
        <translation>Die drei Wände</translation>
    </message>
</context>
<context>
    <name>kp::ui::WhatIfPanel</name>
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
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Time to first token target in milliseconds</source>
        <translation>Ziel für die Zeit bis zum ersten Token in Millisekunden</translation>
    </message>
    <message>
        <source>Time per output token target in milliseconds</source>
        <translation>Ziel für die Zeit pro Ausgabetoken in Millisekunden</translation>
    </message>
    <message>
        <source>End-to-end latency target in milliseconds</source>
        <translation>Ziel für die Gesamtlatenz in Millisekunden</translation>
    </message>
    <message>
        <source>&amp;Reset to the run&apos;s targets</source>
        <translation>Auf die Ziele des Laufs &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>The targets, percentile and GPU the run was measured with</source>
        <translation>Die Ziele, das Perzentil und die GPU, mit denen der Lauf gemessen wurde</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Saved what-if</source>
        <translation>Gespeichertes Was-wäre-wenn</translation>
    </message>
    <message>
        <source>Keep these targets, percentile and GPU under a name, to ask of any run (also kneepoint show ID --scenario NAME)</source>
        <translation>Diese Zielwerte, dieses Perzentil und diese GPU unter einem Namen behalten, um sie bei jedem Lauf zu fragen (auch kneepoint show ID --scenario NAME)</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>Gespeichert</translation>
    </message>
    <message>
        <source>Save this what-if</source>
        <translation>Dieses Was-wäre-wenn speichern</translation>
    </message>
    <message>
        <source>A name for %1:</source>
        <translation>Ein Name für %1:</translation>
    </message>
    <message>
        <source>None chosen</source>
        <translation>Keines gewählt</translation>
    </message>
    <message>
        <source>Sa&amp;ve as a what-if…</source>
        <translation>Als Was-wäre-wenn spei&amp;chern…</translation>
    </message>
    <message>
        <source>Time to first answer token target</source>
        <translation>Zielwert für die Zeit bis zum ersten Antwort-Token</translation>
    </message>
    <message>
        <source>TTFO</source>
        <translation>TTFO</translation>
    </message>
    <message>
        <source>Use a target on the time to the first answer token</source>
        <translation>Zielwert für die Zeit bis zum ersten Antwort-Token verwenden</translation>
    </message>
    <message>
        <source>Time to the first answer token: a reasoning model&apos;s first token after its thinking</source>
        <translation>Zeit bis zum ersten Antwort-Token: das erste Token eines Reasoning-Modells nach seinem Nachdenken</translation>
    </message>
    <message>
        <source>Time to first answer token target in milliseconds</source>
        <translation>Ziel für die Zeit bis zum ersten Antwort-Token in Millisekunden</translation>
    </message>
</context>
</TS>
