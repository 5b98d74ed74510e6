# Co ukazuje každý přehrávač scénáře: popisky scény, hodiny, pruhy, protokol, inspektor,
# prohlížeč vložení a oznámení, která k nim Settle píše.
# Názvy API a protokolu (Complete, PeekLock, MaxDeliveryCount, DeliveryCount, …) zůstávají
# anglicky; ostatní termíny podle docs/glossary.md.

## The clock: times, the speed list, the titles of Step back, Step and Next lock expiry.

clock-instant = { $s } s
clock-seconds = { $s } s
clock-ms = { $ms } ms
clock-minutes = { $min } min
clock-speed-value = { $speed }×
clock-back-start = na začátku
clock-back-to = zpět na { $t } (←)
clock-step-none = nic nečeká
clock-step-next = další událost v { $t }
clock-expiry-none = žádný zámek není držen
clock-expiry-next = další vypršení platnosti zámku v { $t }

## The stage (the canvas): places, notes beside their titles, labels over the tokens.
## Short: the stage can be 375 px wide.

stage-queue = Fronta
stage-entities = Entity
stage-scheduled = Naplánované
stage-available = K dispozici
stage-deferred = Odložené
# Krátce za „Fronta nedoručených zpráv“ (úzká scéna), jako ostatní pruhy.
stage-dead-letter = Nedoručené
stage-dead-letter-of = Nedoručené: { $name }
stage-no-receiver = Zatím žádný příjemce
stage-in-flight = { $n } na cestě
stage-auto = auto
stage-closed = uzavřen
stage-crashed = spadl
stage-session = relace { $name }
stage-session-lost = relace { $name } ztracena
stage-dropped = zahozeno: žádný odběr
stage-moving = { $n } v pohybu
stage-more-completed =
    { $n ->
        [one] ještě { $n } dokončena
        [few] ještě { $n } dokončeny
       *[other] ještě { $n } dokončeno
    }
stage-more-left =
    { $n ->
        [one] ještě { $n } odešla
        [few] ještě { $n } odešly
       *[other] ještě { $n } odešlo
    }
stage-more-lost =
    { $n ->
        [one] ještě { $n } ztracena
        [few] ještě { $n } ztraceny
       *[other] ještě { $n } ztraceno
    }
stage-more-expired =
    { $n ->
        [one] ještě { $n } zámku vypršela platnost
       *[other] ještě { $n } zámkům vypršela platnost
    }
stage-due-at = od { $s } s
stage-dead-lettered = přesunuto do nedoručených
stage-sender = Odesílatel { $name }
stage-a-sender = odesílatel
stage-receiver = Příjemce { $name }
stage-a-receiver = příjemce
stage-an-entity = entita
stage-a-dead-letter-queue = fronta nedoručených zpráv
stage-dead-letter-queue-of = Fronta nedoručených zpráv: { $name }

## A receiver's lock bars.

lock-left = zámek { $s } s
lock-lost = ztráta zámku

## The queue's lanes as lists, and what each item says.

lane-available = K dispozici
lane-available-empty = Žádná zpráva nečeká.
lane-locked = Uzamčené
lane-locked-empty = Žádná zpráva není uzamčená.
lane-deferred = Odložené
lane-deferred-empty = Nic není odloženo.
lane-scheduled = Naplánované
lane-scheduled-empty = Nic není naplánováno.
lane-dead-letter = Fronta nedoručených zpráv
lane-dead-letter-empty = Ve frontě nedoručených zpráv nic není.
lane-inspect = Prozkoumat { $id }
lane-in-entity = v { $entity }
lane-item-locked = poř. č. { $seq } · doručení { $delivery } · zámek drží { $client }
lane-item-due = poř. č. { $seq } · naplánováno na { $t }
lane-item = poř. č. { $seq } · počet doručení { $count }
lane-item-session = relace { $session }

## The queue's settings in one line, its parts joined by " · ".

queue-settings-lock = zámek { $d }
queue-settings-max-delivery-count = max. počet doručení { $n }
queue-settings-ttl = TTL { $d }
queue-settings-sessions = relace
queue-settings-duplicate-detection = detekce duplicitních zpráv { $d }
queue-settings-queues =
    { $n ->
        [one] { $n } fronta
        [few] { $n } fronty
       *[other] { $n } front
    }
queue-settings-topics =
    { $n ->
        [one] { $n } téma
        [few] { $n } témata
       *[other] { $n } témat
    }
queue-settings-subscriptions =
    { $n ->
        [one] { $n } odběr
        [few] { $n } odběry
       *[other] { $n } odběrů
    }

## The timeline's legend: how many of each kind of moment.

mark-sends = { $n } odeslání
mark-lock-expiries = { $n } vypršení platnosti zámku
mark-abandons = { $n } volání Abandon
mark-dead-letter-moves =
    { $n ->
        [one] { $n } přesun do fronty nedoručených zpráv
        [few] { $n } přesuny do fronty nedoručených zpráv
        [many] { $n } přesunu do fronty nedoručených zpráv
       *[other] { $n } přesunů do fronty nedoručených zpráv
    }
mark-settlements = { $n } vyrovnání

## The inspector: the broker's properties of one message. Their names are the API's
## (MessageId, SequenceNumber, State, …) but for these.

inspect-entity = Entita
inspect-where = Kde
inspect-delivery-count = DeliveryCount (náhled)
inspect-size =
    { $n ->
        [one] { $n } bajt
        [few] { $n } bajty
       *[other] { $n } bajtů
    }
inspect-never = nikdy
inspect-gone = už není ve frontě
inspect-dead-letter-locked = fronta nedoručených zpráv, zámek drží { $client }
inspect-dead-letter = fronta nedoručených zpráv
inspect-scheduled = naplánovaná
inspect-locked = zámek drží { $client }
inspect-deferred = odložená (přijměte ji podle pořadového čísla)
inspect-available = k dispozici

## What an automated client has done, its parts joined by " · ".

auto-sender = Automaticky – zahájeno: { $started } · na cestě: { $in_flight } · přijato: { $accepted } · selhalo: { $failed }
auto-unseen-failures = selhání, která nikdo neviděl: { $n }
auto-last-answer = poslední odpověď v { $t }
auto-receiver = Automaticky – přijato: { $received } · zpracovává se: { $processing } · vyrovnáno: { $settled } · selhalo: { $failed }
auto-duplicates = přeskočené duplicity: { $n }

## The log's lines that are not the narration.

log-named = { $name }: { $line }
log-nothing-available = { $client } požádal o zprávu: žádná nebyla k dispozici.
log-peeked-queue =
    { $n ->
        [one] { $client } zobrazil náhled { $n } zprávy z fronty: nic nebylo uzamčeno ani započítáno.
       *[other] { $client } zobrazil náhled { $n } zpráv z fronty: nic nebylo uzamčeno ani započítáno.
    }
log-peeked-dead-letter =
    { $n ->
        [one] { $client } zobrazil náhled { $n } zprávy z fronty nedoručených zpráv: nic nebylo uzamčeno ani započítáno.
       *[other] { $client } zobrazil náhled { $n } zpráv z fronty nedoručených zpráv: nic nebylo uzamčeno ani započítáno.
    }
log-script-error = { $client } (skript): { $error }

## What a client's form or action is refused with, before the broker sees it.

form-ttl-not-ms = TTL: „{ $text }“ není celý počet milisekund
form-delay-not-ms = plánované zpoždění: „{ $text }“ není celý počet milisekund
form-property-not-pair = vlastnosti: „{ $line }“ nemá tvar key=value
form-property-no-key = vlastnosti: „{ $line }“ nemá klíč
form-id-too-long = id: nejvýše 128 znaků
form-ttl-zero = TTL: musí být alespoň 1 ms
form-no-such-target = komu: fronta ani téma s názvem „{ $name }“ neexistuje
form-not-sequence-numbers = „{ $text }“ není seznam pořadových čísel
form-entities-not-queue-settings = dokument s entitami je mění kroky update_entity, ne nastavením fronty
form-did-not-run = akce neproběhla
form-other-entity = { $client } přijímá z { $from }; tato zpráva je v { $entity }
form-other-entity-nothing = { $client } zatím odnikud nepřijímá; tato zpráva je v { $entity }
form-no-receive-entity = { $client } zatím nepřijímá z žádné fronty ani odběru: zvolte, odkud má přijímat

## The scenario a fresh page starts with (its title and description).

welcome-title = Váš první zámek
welcome-description = S1 odeslal dvě objednávky. R1 drží m1 pod zámkem na 30 sekund: dokončete ji (Complete) dřív, než platnost zámku vyprší, nebo sledujte, jak se vrátí s vyšším počtem doručení. Po 3 neúspěšných doručeních se zpráva přesune do fronty nedoručených zpráv.

## Notices about what was opened or stopped.

doc-error = chyba: { $error }
notice-stopped = Tento scénář se zastavil v { $t }: { $why }. Vše až do té chvíle zůstává zachováno.
notice-opened-shared = Otevřen sdílený scénář v čase { $t }.
notice-link-scenario-failed = Scénář z tohoto odkazu se nenačetl: { $error }
notice-link-failed = Tento odkaz se nenačetl: { $error }
notice-opening-entities = Otevírá se Settle pro dokumenty s entitami (témata, odběry, více front)…
link-bad-character = odkaz je poškozený: „{ $char }“ do jeho kódování nepatří
link-bad-position = pozice v odkazu „{ $text }“ není číslo
link-not-text = odkaz je poškozený: jeho scénář není text

## The built-in lessons.

lesson-no-preset = vestavěná lekce „{ $name }“ neexistuje
lesson-no-comparison = srovnání „{ $name }“ neexistuje
lesson-preset-offline = vestavěnou lekci „{ $name }“ se nepodařilo stáhnout (jste offline?)
lesson-comparison-offline = srovnání „{ $name }“ se nepodařilo stáhnout (jste offline?)
lesson-no-side = srovnání „{ $name }“ nemá stranu „{ $side }“
lesson-captions-failed = Titulky této lekce nelze zobrazit: { $error }

## Films and the embed's link.

film-damaged = záznam tohoto vložení je poškozený
film-too-long = záznam běhu má { $kb } KB, víc, než unese odkaz pro vložení
film-entities = dokument s entitami se nezaznamenává (spustí ho Settle)
film-too-many-frames =
    { $n ->
        [one] víc než { $n } snímek
        [few] víc než { $n } snímky
       *[other] víc než { $n } snímků
    }

## Downloads (the page's buttons say their own words).

artifact-unknown = neznámé stažení „{ $kind }“

## The page Settle shows when it stops on an internal error.

crash-title = Settle se zastavil kvůli vnitřní chybě
crash-kept = Jde o chybu v Settle, ne ve vašem scénáři. Stránka nemůže pokračovat, ale váš scénář je zachován: otevřete ho znovu na stejném místě, zkopírujte jeho odkaz nebo si ho stáhněte.
crash-not-kept = Jde o chybu v Settle, ne ve vašem scénáři. Stránka nemůže pokračovat; načtěte ji znovu a začněte od začátku.
crash-reopen = Otevřít znovu na stejném místě
crash-copy-link = Kopírovat odkaz
crash-download = Stáhnout scénář
crash-start-afresh = Začít znovu
crash-details = Technické podrobnosti

## The embeds' viewer: its clock bar, caption, stage and lists.

view-clock = Hodiny
view-play = Přehrát
view-pause = Pozastavit
view-step-back = Krok zpět
view-step = Krok
view-next-expiry = Další vypršení platnosti zámku
view-speed = Rychlost
view-controls = Ovládání
view-controls-title = Odesílejte, přijímejte a vyrovnávejte zprávy ručně (nad scénou)
view-open = Otevřít v Settle ↗
view-dismiss = Zavřít
view-about = O tomto scénáři
view-lesson = Lekce
view-caption = Titulek
view-caption-hint = Pozastaveno: pokračujte tlačítkem Přehrát.
view-summary = Co jste viděli
view-hide = Skrýt
view-figures = Údaje
view-stage-area = Scéna
view-stage = Scéna
view-stage-picture = Fronta jako obrázek: odesílatelé, fronta, příjemci a fronta nedoručených zpráv. Stejný stav je uveden v části Fronta.
view-queue = Fronta
view-lane-more =
    { $n ->
        [one] + { $n } další
        [few] + { $n } další
       *[other] + { $n } dalších
    }
view-going-to = Přesun na { $target } … nyní v { $now }
clock-still-running = Ještě probíhá, co se děje v čase { $now }…
view-nothing-due = Nic není naplánováno, aby se stalo samo od sebe.
view-no-lock = Žádný zámek není držen, takže platnost žádného zámku nemůže vypršet.
view-lang-failed = Jazyk { $lang } se nepodařilo načíst ({ $why }); stránka zůstává v jazyce { $current }.
