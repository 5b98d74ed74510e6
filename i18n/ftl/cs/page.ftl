# Stránka playgroundu: tlačítka, popisky, nadpisy, oznámení, nápověda.

lang-menu = Jazyk
lang-failed = Jazyk { $lang } se nepodařilo načíst ({ $why }); stránka zůstává v jazyce { $current }.

# Virtuální čas v sekundách ($t má tři desetinná místa): hodiny, protokol, časová osa.
time-seconds = { $t } s

# Záhlaví stránky a průběh přechodu na pozici z odkazu.
page-tagline = Sledujte vyrovnání zpráv v akci: zámky, opětovné doručení, přesun do fronty nedoručených zpráv.
page-presenter = Prezentace
page-presenter-title = Režim prezentace (F): scéna vyplní celé okno. Klávesové zkratky: mezerník přehrát/pozastavit, → krok, ← krok zpět, E další vypršení platnosti zámku, R začít znovu, + / − rychlost, F celá obrazovka.
page-controls = Ovládání
page-controls-title = Odesílejte, přijímejte a vyrovnávejte zprávy ručně (nad scénou)
page-open-full = Otevřít v Settle ↗
page-going-label = Přechod na pozici
page-going = Přechod na { $target } s … nyní { $now } s
page-progress = Průběh
page-stop-here = Zastavit zde

# Oznámení u oblasti, jejíž akce ho vyvolala.
notice-dismiss = Zavřít

# Hodiny.
clock-label = Hodiny
clock-virtual = virtuální
clock-real = reálně { $t } s
clock-real-title = Skutečný čas, po který hodiny běží
clock-play = Přehrát
clock-pause = Pozastavit
clock-step-back = Krok zpět
clock-step = Krok
clock-next-expiry = Další vypršení platnosti zámku
clock-speed = Rychlost
clock-nothing-scheduled = Nic se samo od sebe nestane: odešlete nebo přijměte nějakou zprávu.
clock-no-lock = Žádný zámek není držen, takže platnost žádného zámku nemůže vypršet.

# Seznam lekcí a odkazy otevřené v této kartě.
lessons-title = Lekce
lessons-summary = Lekce a srovnání vedle sebe
lessons-side-by-side = Vedle sebe
lessons-comparisons = Srovnání
lessons-loaded = Načtena lekce „{ $title }“.
lessons-link-failed = Tento odkaz nebyl načten: { $error }
lessons-link-opened = Otevřen sdílený scénář v čase { $t } s.
lessons-link-scenario-failed = Scénář z tohoto odkazu nebyl načten, nic se nezměnilo: { $error }

# Panel vestavěného srovnání ($side je popisek varianty).
compare-label = Srovnání
compare-difference = Rozdíl
compare-show = Zobrazit: { $side }
compare-show-title = Vaše ovládání působí na tuto stranu

# Název a popis scénáře s tlačítkem Začít znovu.
intro-label = O tomto scénáři
intro-restart = Začít znovu
intro-restart-title = Stejný scénář znovu od 0 s
intro-restarted = Spuštěno znovu od 0 s.
lesson-run-through = Nezastavovat u titulků
lesson-run-through-title = Titulky, které pozastavují, hodiny nezastaví (pro prezentaci); adresa i odkazy z ní si to pamatují

# Titulek lekce a na jejím konci to, co ukázala.
caption-lesson = Lekce
caption-label = Titulek
caption-paused = Pozastaveno: pokračujte tlačítkem Přehrát.
summary-title = Co jste viděli
summary-hide = Skrýt
summary-figures = Údaje

# Scéna; při srovnání vedle sebe ostatní varianty ($side je popisek varianty).
stage-label = Scéna
page-skip-stage = Přeskočit na scénu
page-skip-clients = Přeskočit na odesílatele a příjemce
stage-the-stage = Scéna
stage-own-note = zde působí vaše ovládání
stage-canvas = Fronta jako obrázek: odesílatelé, fronta, příjemci a fronta nedoručených zpráv. Stejný stav je uveden v seznamu Zprávy a každá akce má níže své tlačítko.
stage-twin-canvas = Varianta { $side } na stejných hodinách, pouze ke sledování: její zprávy jsou uvedeny vedle.
stage-twin-messages = Zprávy na scéně varianty { $side }

# Zpráva na scéně jiné varianty pro čtečky obrazovky ($holder: příjemce, který ji drží).
twin-available = { $id }: k dispozici, počet doručení { $count }
twin-available-by = { $id }: k dispozici, drží ji { $holder }, počet doručení { $count }
twin-locked = { $id }: uzamčená, počet doručení { $count }
twin-locked-by = { $id }: uzamčená příjemcem { $holder }, počet doručení { $count }
twin-deferred = { $id }: odložená, počet doručení { $count }
twin-deferred-by = { $id }: odložená, drží ji { $holder }, počet doručení { $count }
twin-scheduled = { $id }: plánovaná, počet doručení { $count }
twin-scheduled-by = { $id }: plánovaná, drží ji { $holder }, počet doručení { $count }
twin-dead-letter = { $id }: ve frontě nedoručených zpráv, počet doručení { $count }
twin-dead-letter-by = { $id }: ve frontě nedoručených zpráv, drží ji { $holder }, počet doručení { $count }

# Časová osa pod scénou: legenda počítá značky každého druhu; slova značky jmenují její
# okamžiky ($ids: první ID zpráv).
timeline-label = Časová osa
timeline-slider = Virtuální čas
timeline-position = { $now } s z { $end } s
timeline-markers = Značky časové osy
timeline-sends = { $n } odeslání
timeline-expiries = { $n } vypršení platnosti zámku
timeline-abandons = { $n } volání Abandon
timeline-dead-letters = { $n ->
    [one] { $n } přesun do fronty nedoručených zpráv
    [few] { $n } přesuny do fronty nedoručených zpráv
    [many] { $n } přesunu do fronty nedoručených zpráv
   *[other] { $n } přesunů do fronty nedoručených zpráv
}
timeline-settlements = { $n } vyrovnání
timeline-sends-at = { $n } odeslání v čase { $t } s: { $ids }
timeline-expiries-at = { $n } vypršení platnosti zámku v čase { $t } s: { $ids }
timeline-abandons-at = { $n } volání Abandon v čase { $t } s: { $ids }
timeline-dead-letters-at = { $n ->
    [one] { $n } přesun do fronty nedoručených zpráv v čase { $t } s: { $ids }
    [few] { $n } přesuny do fronty nedoručených zpráv v čase { $t } s: { $ids }
    [many] { $n } přesunu do fronty nedoručených zpráv v čase { $t } s: { $ids }
   *[other] { $n } přesunů do fronty nedoručených zpráv v čase { $t } s: { $ids }
}
timeline-settlements-at = { $n } vyrovnání v čase { $t } s: { $ids }
timeline-fork = { $n ->
    [one] Vrátili jste se zpět: vaše { $n } pozdější akce se s plynoucím časem přehraje znovu. Když teď něco uděláte, příběh se zde rozvětví: tato akce bude zahozena a Exportovat i Odkaz ke sdílení ponesou novou větev.
    [few] Vrátili jste se zpět: vaše { $n } pozdější akce se s plynoucím časem přehrají znovu. Když teď něco uděláte, příběh se zde rozvětví: tyto akce budou zahozeny a Exportovat i Odkaz ke sdílení ponesou novou větev.
    [many] Vrátili jste se zpět: { $n } vaší pozdější akce se s plynoucím časem přehraje znovu. Když teď něco uděláte, příběh se zde rozvětví: tyto akce budou zahozeny a Exportovat i Odkaz ke sdílení ponesou novou větev.
   *[other] Vrátili jste se zpět: { $n } vašich pozdějších akcí se s plynoucím časem přehraje znovu. Když teď něco uděláte, příběh se zde rozvětví: tyto akce budou zahozeny a Exportovat i Odkaz ke sdílení ponesou novou větev.
}

# Odesílatelé a příjemci ($name je jméno klienta).
senders-label = Odesílatelé
senders-add = Přidat odesílatele
receivers-label = Příjemci
receivers-add = Přidat příjemce
client-activity = Činnost klienta { $name }
client-remove = Odebrat
session-id = ID relace

# Panel odesílatele a jeho formulář.
sender-title = Odesílatel { $name }
sender-remove = Odebrat odesílatele { $name }
send-to = Kam (fronta nebo téma)
send-id = ID zprávy
send-body = Tělo
send-more = Další: TTL, relace, plánování, vlastnosti
send-ttl = Hodnota TTL (ms)
send-none = žádná
send-schedule = Naplánovat za (ms od teď)
send-now = odeslat hned
send-properties = Vlastnosti (klíč=hodnota na každém řádku)
send-presettled = Předem vyrovnaná (odeslat a zapomenout: žádná odpověď nikdy nepřijde)
send-button = Odeslat

# Panel příjemce.
receiver-title = Příjemce { $name }
receiver-remove = Odebrat příjemce { $name }
receiver-session = relace { $session }
receiver-session-lost = relace { $session } ztracena
receiver-prefetched = předběžně načteno: { $n }
receiver-from = Přijímá z
receiver-from-fixed = Klient přijímá z jedné fronty nebo jednoho odběru: tento zdroj je pevně dán tím, co už klient udělal
receiver-mode = Režim příjmu
receiver-peek-lock = PeekLock
receiver-receive-and-delete = ReceiveAndDelete
receiver-source = Přijímat z
receiver-from-queue = z fronty
receiver-from-subscription = z odběru
receiver-from-dlq = z fronty nedoručených zpráv
receiver-from-subscription-dlq = z fronty nedoručených zpráv odběru
receiver-receive = Přijmout
receiver-peek = Náhled
receiver-more-held = { $n ->
    [one] Příjemce drží ještě { $n } zprávu, která zde není uvedena (scéna ukazuje všechny)
    [few] Příjemce drží ještě { $n } zprávy, které zde nejsou uvedeny (scéna ukazuje všechny)
    [many] Příjemce drží ještě { $n } zprávy, které zde nejsou uvedeny (scéna ukazuje všechny)
   *[other] Příjemce drží ještě { $n } zpráv, které zde nejsou uvedeny (scéna ukazuje všechny)
}
receiver-deleted = Přijato a odstraněno: { $list }
receiver-deleted-item = { $id } (poř. č. { $seq }, doručení { $count })
receiver-peeked = Náhled: { $list }
receiver-peeked-item = { $id } (poř. č. { $seq }, počet doručení { $count })
receiver-more = Další: odložené zprávy, relace, kód důvodu, zavření
receiver-deferred-seqs = Pořadová čísla odložených zpráv
receiver-deferred-placeholder = pořadové číslo, např. 3
receiver-receive-deferred = Přijmout odložené
receiver-session-placeholder = ID relace (prázdné: další dostupná)
receiver-accept-session = Přijmout relaci
receiver-renew-session = Obnovit zámek relace
receiver-dl-reason = Kód důvodu pro DeadLetter
receiver-dl-description = Popis pro DeadLetter
receiver-close = Zavřít
receiver-disconnect = Odpojit

# Zprávy, které příjemce drží, každá s tlačítky vyrovnání (i tlačítka inspektoru).
settle-complete = Complete
settle-abandon = Abandon
settle-dead-letter = DeadLetter
settle-defer = Defer
settle-renew-lock = RenewLock
held-list = Zprávy, které drží { $name }
held-row = { $id } (držená)
held-inspect = Prozkoumat { $id }
held-meta = poř. č. { $seq } · doručení { $count }
held-deferred = odložená
held-from-dlq = z fronty nedoručených zpráv
held-lock-left = Zbývající čas zámku
held-dismiss = Zahodit

# Inspektor zpráv.
inspector-label = Inspektor zpráv
inspector-title = Zpráva { $id }
inspector-close = Zavřít
inspector-settle = Vyrovnat vybranou zprávu
inspector-empty = Klikněte nebo klepněte na zprávu na scéně (nebo na její tlačítko Prozkoumat): uvidíte všechny vlastnosti, které si k ní zprostředkovatel uchovává, a můžete ji vyrovnat.
inspector-app-props = Vlastnosti aplikace
inspector-no-props = Žádné

# Protokol událostí a karta fronty.
log-label = Protokol událostí
log-title = Proč: protokol událostí
log-newest-first = nejnovější nahoře
log-earlier = { $n ->
    [one] { $n } starší řádek: zobrazí se, až se hodiny zastaví
    [few] { $n } starší řádky: zobrazí se, až se hodiny zastaví
    [many] { $n } staršího řádku: zobrazí se, až se hodiny zastaví
   *[other] { $n } starších řádků: zobrazí se, až se hodiny zastaví
}
queue-label = Fronta
lane-more = { $n ->
    [one] + { $n } další
    [few] + { $n } další
    [many] + { $n } další
   *[other] + { $n } dalších
}

# Nástroje scénáře: načtení, export, sdílení, vložení.
scenario-label = Scénář
scenario-recorded = co uděláte, se zaznamená jako kroky skriptu
scenario-preset = Předvolba
scenario-load-preset = Načíst předvolbu
scenario-own = Vlastní scénář
scenario-copy-link = Kopírovat odkaz
scenario-export = Exportovat
scenario-share = Odkaz ke sdílení
scenario-embed = Vložit na web
scenario-what-if = Co kdyby…
scenario-open-file = Otevřít soubor…
scenario-share-field = Odkaz ke sdílení (scénář a pozice)
scenario-embed-width-field = Šířka vložení (px)
scenario-embed-width = Šířka vložení
scenario-embed-help = Vložení do stránky dokumentace (výška odpovídá vložení v této šířce; řádek se skriptem je volitelný: přizpůsobí rámec užším stránkám)
scenario-embed-snippet = Kód pro vložení
# Titulek vloženého rámce ve fragmentu kódu.
scenario-embed-title = Settle: { $title }
scenario-exported = Exportovaný scénář
scenario-download = Stáhnout { $name }
scenario-paste = Vložte scénář (JSON)
scenario-json = JSON scénáře
scenario-load = Načíst
scenario-loaded = Načten scénář „{ $title }“.
scenario-loaded-at = Načten scénář „{ $title }“ v čase { $t } s, kde se zastavil. Tlačítko Začít znovu ho přehraje od 0 s.
scenario-not-loaded = Nenačteno, nic se nezměnilo. { $error }
scenario-link-copied = Odkaz byl zkopírován.
scenario-copy-failed = Kopírování se nezdařilo: prohlížeč ho nepovolil. Zkopírujte odkaz níže.
scenario-export-failed = Stahování se nepodařilo spustit: zkopírujte text níže.
scenario-file-unreadable = Tento soubor nelze přečíst.

# Soubory ke stažení, které vytváří pracovní proces artifacts ($kind je název tlačítka, $name
# název souboru).
download-group-picture = Příběh jako obrázek
download-group-code = Export jako kód
download-svg = SVG
download-svg-animated = Animované SVG
download-python = Python
download-typescript = TypeScript
download-busy = { $kind }…
download-saved = Staženo: { $name }.
download-not-started = Stahování se nepodařilo spustit.
download-failed = Nepodařilo se vytvořit { $kind }: { $error }
download-helper-failed = Pomocný proces pro stahování nelze v tomto prohlížeči spustit.

# Nastavení fronty.
settings-label = Nastavení fronty
settings-note = jejich změna zruší všechny držené zámky, stejně jako ve skutečném zprostředkovateli
settings-lock = Doba trvání zámku (ms, 5000–300000)
settings-mdc = MaxDeliveryCount
settings-ttl = Výchozí TTL (ms, prázdné = nikdy)
settings-dup = Okno detekce duplicitních zpráv (ms, prázdné = vypnuto)
settings-tier = Úroveň
settings-tier-basic = Basic
settings-tier-standard = Standard
settings-tier-premium = Premium
settings-dl-expiration = Při vypršení platnosti přesunout do fronty nedoručených zpráv
settings-sessions-on = Relace: zapnuté (určuje se při vytvoření fronty).
settings-sessions-off = Relace: vypnuté (určuje se při vytvoření fronty; chcete-li je vyzkoušet, načtěte scénář s requires_session).
settings-apply = Použít nastavení
# Název pole v chybě ($name) a chyby.
settings-name-lock = doba trvání zámku
settings-name-mdc = MaxDeliveryCount
settings-name-ttl = výchozí TTL
settings-name-dup = okno detekce duplicitních zpráv
settings-not-whole = { $name }: „{ $value }“ není celé číslo
settings-too-large = { $name }: příliš velké číslo
