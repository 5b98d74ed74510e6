# Vestavěné lekce a srovnání, vytvořené ze samotných dokumentů
# (i18n/tests/lessons.rs); neupravujte ručně. Čísla titulku jsou $n1, $n2, …
# v pořadí; každý jazyk je zapisuje vlastními tvary množného čísla a oddělovači.

## send-settlement

send-settlement-title = Vyrovnání odeslání: přijato, nebo odmítnuto
send-settlement-description = Každé odeslání čeká na odpověď zprostředkovatele. Většina odeslání je přijata; některá jsou odmítnuta, protože je zprostředkovatel zaneprázdněný: odmítnutí nese identifikátor tracking-id a informaci, že opakování může uspět. Odmítnutá zpráva ve frontě není.
send-settlement-note-1 = Zpomaleně: odesílatel Orders odesílá { $n1 } { $n1 ->
        [one] objednávku
        [few] objednávky
        [many] objednávky
       *[other] objednávek
    } po jedné a na každou odpověď čeká, než odešle další.
send-settlement-note-2 = Přijato: odpověď je zpět { $n1 } ms po zahájení. Odesílatel Orders ví, že Orders-1 je ve frontě.
send-settlement-note-3 = Odmítnuto: zprostředkovatel byl zaneprázdněný (ServiceBusy, s identifikátorem tracking-id a příznakem „retryable“). Tato zpráva ve frontě není a odesílatel Orders to ví: může to zkusit znovu.
send-settlement-note-4 = Každá odpověď dorazí dřív, než začne další odeslání: nic se neztratí, aniž by o tom odesílatel věděl.
send-settlement-summary-1 = Přijatá odeslání: { $n1 }, odmítnutá: { $n2 }; odesílatel viděl výsledek každého z nich.
send-settlement-summary-2 = Ve frontě { $n1 ->
        [one] je { $n1 } zpráva
        [few] jsou { $n1 } zprávy
        [many] je { $n1 } zprávy
       *[other] je { $n1 } zpráv
    }: přesně ty přijaté.
send-settlement-figure-1 = přijato
send-settlement-figure-1-value = { $n1 }
send-settlement-figure-2 = odmítnuto, odesílatel o tom ví
send-settlement-figure-2-value = { $n1 }

## send-modes

send-modes-title = Po jedné, zřetězeně, nebo s omezením
send-modes-description = Tři odesílatelé odešlou každý 100 zpráv, doba odezvy je 70 ms a uložení trvá 10 ms. Čekání na každé odeslání trvá 100 × 80 = 8 000 ms; spuštění všech najednou asi 80 ms; deset souběžných odeslání 10 vln × 80 = 800 ms.
send-modes-note-1 = { $n1 } { $n1 ->
        [one] odesílatel
        [few] odesílatelé
        [many] odesílatele
       *[other] odesílatelů
    }, každý odesílá { $n2 } { $n2 ->
        [one] zprávu
        [few] zprávy
        [many] zprávy
       *[other] zpráv
    } stejnou sítí: liší se jen tím, jak čekají na odpovědi.
send-modes-note-2 = Odesílatel all-at-once spustil všechna odeslání bez čekání a počkal na ně společně: hotovo za { $n1 } ms.
send-modes-note-3 = Odesílatel ten-in-flight udržuje souběžně jen několik odeslání: hotovo za { $n1 } ms.
send-modes-note-4 = Odesílatel one-at-a-time stále pokračuje: každé odeslání čeká na předchozí odpověď, pokaždé celou dobu odezvy.
send-modes-note-5 = Odesílatel one-at-a-time konečně skončil: stejné zprávy mu zabraly { $n1 } ms.
send-modes-summary-1 = Čekání na každé odeslání: { $n1 } ms. Spuštění všech najednou: { $n2 } ms. Několik souběžně: { $n3 } ms.
send-modes-summary-2 = Zprostředkovatel v každém případě uložil { $n1 } { $n1 ->
        [one] zprávu
        [few] zprávy
        [many] zprávy
       *[other] zpráv
    }; liší se jen čekání.
send-modes-figure-1 = one-at-a-time
send-modes-figure-1-value = { $n1 } ms
send-modes-figure-2 = all-at-once
send-modes-figure-2-value = { $n1 } ms
send-modes-figure-3 = ten-in-flight
send-modes-figure-3-value = { $n1 } ms

## fire-and-forget

fire-and-forget-title = Odeslat a zapomenout: chyby, které nikdo nevidí
fire-and-forget-description = Tento odesílatel spustí všechna odeslání a na výsledky se nikdy nepodívá. Všech 50 je najednou v paměti a ta, která zaneprázdněný zprostředkovatel odmítne, prostě zmizí: žádná výjimka, žádný řádek v protokolu, ve frontě je méně zpráv, než kolik jich bylo odesláno.
fire-and-forget-note-1 = Zpomaleně: odesílatel Careless spustí najednou { $n1 } odeslání a na žádné z nich nečeká.
fire-and-forget-note-2 = Zprávy přicházejí do fronty. Sledujte jejich počet: zůstává pod počtem odeslaných.
fire-and-forget-note-3 = Poslední odpověď je zpět a nikdo se nepodíval ani na jednu z nich.
fire-and-forget-summary-1 = Spuštěná odeslání: { $n1 }; zprávy ve frontě: { $n2 }.
fire-and-forget-summary-2 = { $n1 ->
        [one] { $n1 } zpráva byla odmítnuta
        [few] { $n1 } zprávy byly odmítnuty
        [many] { $n1 } zprávy bylo odmítnuto
       *[other] { $n1 } zpráv bylo odmítnuto
    } a nikdo si toho nevšiml: žádná výjimka, žádný řádek v protokolu.
fire-and-forget-figure-1 = odesláno
fire-and-forget-figure-1-value = { $n1 }
fire-and-forget-figure-2 = ve frontě
fire-and-forget-figure-2-value = { $n1 }
fire-and-forget-figure-3 = ztraceno bez povšimnutí
fire-and-forget-figure-3-value = { $n1 }

## presettled

presettled-title = Předem vyrovnaná odeslání: odpověď nepřijde nikdy
presettled-description = Předem vyrovnané přenosy jsou na úrovni protokolu typu odeslat a zapomenout: zprostředkovatel nikdy neodpoví. Když je fronta plná, zprostředkovatel je odmítne a odesílatel se to nemůže dozvědět.
presettled-note-1 = Odesílatel Telemetry odesílá předem vyrovnaná měření: zprostředkovatel nikdy neodpoví, ani aby řekl ano.
presettled-note-2 = Fronta je plná ({ $n1 } { $n1 ->
        [one] bajt
        [few] bajty
        [many] bajtu
       *[other] bajtů
    }). Zprostředkovatel toto měření odmítne a odesílatel se nic nedozví.
presettled-note-3 = Odesílá dál do plné fronty a nic netuší.
presettled-summary-1 = Odeslaná měření: { $n1 }, uložená: { $n2 }, odmítnutá zprostředkovatelem: { $n3 }.
presettled-summary-2 = Odesílatel zaznamenal { $n1 } { $n1 ->
        [one] chybu
        [few] chyby
        [many] chyby
       *[other] chyb
    }: předem vyrovnané odeslání z jeho pohledu selhat nemůže.
presettled-figure-1 = odmítnuto, bez povšimnutí
presettled-figure-1-value = { $n1 }

## receive-and-delete-crash

receive-and-delete-crash-title = V režimu Příjem a odstranění se zpráva při pádu ztratí
receive-and-delete-crash-description = V režimu Příjem a odstranění zpráva zmizí z fronty v okamžiku, kdy je předána. Tento pracovní proces spadne při zpracování jedné zprávy: ta je nenávratně ztracena a nikdo ji nikdy nedokončí.
receive-and-delete-crash-note-1 = Klient Worker přijme zprávu invoice-1 v režimu Příjem a odstranění: zprostředkovatel ji odstraní hned při předání.
receive-and-delete-crash-note-2 = Klient Worker spadne { $n1 } s po začátku zpracování zprávy invoice-1.
receive-and-delete-crash-note-3 = Klient Worker je zpět a bere si invoice-2. Zpráva invoice-1 už ve frontě není: nikdo ji nikdy nedokončí.
receive-and-delete-crash-note-4 = Zpráva invoice-3, poslední.
receive-and-delete-crash-summary-1 = { $n1 ->
        [one] { $n1 } faktura byla předána a hned odstraněna
        [few] { $n1 } faktury byly předány a hned odstraněny
        [many] { $n1 } faktury bylo předáno a hned odstraněno
       *[other] { $n1 } faktur bylo předáno a hned odstraněno
    }; fronta je prázdná (zbývá: { $n2 }).
receive-and-delete-crash-summary-2 = Zpráva invoice-1 se ztratila při pádu v čase { $n1 } s: režim Příjem a odstranění nedává druhou šanci.

## peek-lock

peek-lock-title = Režim Peek-Lock přežije pád
peek-lock-description = Stejný pád v režimu Peek-Lock: zpráva byla jen uzamčená. Zámek přežije spadlý proces: zpráva invoice-1 zůstává uzamčená, dokud nevyprší platnost jejího 10sekundového zámku, a mezitím si ji nikdo nemůže vzít. Pak zprostředkovatel započítá neúspěšné doručení a předá ji znovu; restartovaný pracovní proces ji dokončí. Nic se neztratí; zpráva jen čekala.
peek-lock-note-1 = Klient Worker přijme zprávu invoice-1 v režimu Peek-Lock: zpráva zůstává ve frontě, uzamčená na { $n1 } s.
peek-lock-note-2 = Klient Worker spadne. Zpráva invoice-1 zůstává uzamčená: zámek přežije proces.
peek-lock-note-3 = Klient Worker je zpět a bere si invoice-2. Zpráva invoice-1 je stále uzamčená, takže si ji zatím nikdo nemůže vzít.
peek-lock-note-4 = Platnost zámku vyprší v čase { $n1 } s: zpráva invoice-1 je opět k dispozici a započítá se jedno neúspěšné doručení.
peek-lock-note-5 = Znovu invoice-1, počet doručení { $n1 }. Tentokrát je dokončena.
peek-lock-summary-1 = Dokončené faktury: { $n1 }, zbývá: { $n2 }; nic se neztratilo.
peek-lock-summary-2 = Zpráva invoice-1 čekala po pádu { $n1 } s, než vypršela platnost jejího zámku, a pak byla doručena znovu (počet doručení { $n2 }).

## crash-short-lock

crash-short-lock-title = Pád s 30sekundovým zámkem: 30 sekund čekání
crash-short-lock-description = Příjemce R1 přijme zprávu order-1 v režimu Peek-Lock v čase 1 s a v čase 5 s spadne. Jeho zámek s ním nezanikne: order-1 zůstává uzamčená až do 31 s, pro všechny neviditelná. Příjemce R2 se ptá každých 10 s a nedostane nic. V čase 31 s vyprší platnost zámku, zprostředkovatel započítá neúspěšné doručení a příjemce R2 přijme order-1 s počtem doručení 2 a dokončí ji. Příjemce R1, zpět v čase 8 s, ji už dokončit nemůže. Doba trvání zámku určuje, jak dlouho čekají zprávy spadlého příjemce.
crash-short-lock-note-1 = Příjemce R1 přijme zprávu order-1 v režimu Peek-Lock. Jeho zámek trvá { $n1 } s.
crash-short-lock-note-2 = Příjemce R1 spadne: jeho připojení se přeruší. Zpráva order-1 zůstává uzamčená pro spadlého příjemce.
crash-short-lock-note-3 = Příjemce R1 je zpět a zkusí dokončit order-1: MessageLockLost. Nové připojení nemůže vyrovnat zprávu pod starým zámkem.
crash-short-lock-note-4 = Příjemce R2 požádá o zprávu a nedostane nic: zpráva order-1 je ve frontě, ale uzamčená.
crash-short-lock-note-5 = Platnost zámku vyprší v čase { $n1 } s: zpráva order-1 je opět k dispozici a příjemce R2 ji dalším příjmem získá (počet doručení { $n2 }).
crash-short-lock-note-6 = Příjemce R2 dokončí order-1.
crash-short-lock-summary-1 = Zpráva order-1 čekala po pádu { $n1 } s: zbytek svého zámku na { $n2 } s.
crash-short-lock-summary-2 = Příjemce R2 se ptal { $n1 }krát; zprávu order-1 dostal až po vypršení platnosti zámku.
crash-short-lock-figure-1 = čekání po pádu
crash-short-lock-figure-1-value = { $n1 } s

## crash-long-lock

crash-long-lock-title = 5minutový zámek znamená po pádu 5 minut čekání
crash-long-lock-description = Stejný pád s nejdelším zámkem, jaký Service Bus povoluje: 5 minut. Příjemce R1 přijme zprávu order-1 v čase 1 s a v čase 5 s spadne; order-1 zůstává uzamčená pro spadlého příjemce až do 301 s. Příjemce R2 se ptá každou minutu a pět minut nedostane nic, přestože zpráva leží ve frontě. Teprve když vyprší platnost zámku, zprostředkovatel započítá neúspěšné doručení a předá order-1 příjemci R2 (počet doručení 2). Dlouhý zámek chrání pomalou práci a při pádu příjemce stojí přesně toto čekání.
crash-long-lock-note-1 = Příjemce R1 přijme zprávu order-1. Zámek trvá { $n1 } { $n1 ->
        [one] minutu
        [few] minuty
        [many] minuty
       *[other] minut
    }, nejdéle, co Service Bus povoluje.
crash-long-lock-note-2 = Příjemce R1 spadne. Zpráva order-1 zůstává uzamčená pro spadlého příjemce.
crash-long-lock-note-3 = Příjemce R2 se ptá a nedostane nic, přestože zpráva order-1 leží ve frontě.
crash-long-lock-note-4 = Stále nic: platnost zámku ještě nevypršela.
crash-long-lock-note-5 = Platnost zámku vyprší v čase { $n1 } s. Teprve teď může zprávu order-1 kdokoli získat: příjemce R2 ji přijme (počet doručení { $n2 }).
crash-long-lock-note-6 = Příjemce R2 dokončí order-1.
crash-long-lock-summary-1 = Zpráva order-1 čekala po pádu { $n1 } s, než ji kdokoli mohl zpracovat.
crash-long-lock-summary-2 = Dlouhý zámek chrání pomalou práci; při pádu příjemce stojí přesně toto čekání. Porovnejte s lekcí crash-short-lock.
crash-long-lock-figure-1 = čekání po pádu
crash-long-lock-figure-1-value = { $n1 } s

## competing-consumers

competing-consumers-title = Konkurenční spotřebitelé přeskakují uzamčené zprávy
competing-consumers-description = Tři příjemci čtou jednu frontu. Každý dostane další zprávu, na kterou nikdo nedrží zámek, takže každou zprávu zpracuje právě jeden z nich.
competing-consumers-note-1 = { $n1 ->
        [one] { $n1 } příjemce čte
        [few] { $n1 } příjemci čtou
        [many] { $n1 } příjemce čte
       *[other] { $n1 } příjemců čte
    } jednu frontu s { $n2 } { $n2 ->
        [one] úlohou
        [few] úlohami
        [many] úlohy
       *[other] úlohami
    }. Každý příjem přeskočí, co drží ostatní: R1, R2 a R3 dostanou různé úlohy.
competing-consumers-note-2 = Příjemce dokončí práci a vezme si další úlohu, kterou nikdo nedrží.
competing-consumers-note-3 = Poslední úloha je hotová.
competing-consumers-summary-1 = Dokončené úlohy: { $n1 }, doručení: { $n2 }; každá úloha byla zpracována právě jednou.

## lock-expiry

lock-expiry-title = Vypršení platnosti zámku a opětovné doručení
lock-expiry-description = Příjemce R1 přijme zprávu m1 a nikdy ji nevyrovná. Po vypršení 30sekundového zámku si ji zprostředkovatel vezme zpět a započítá neúspěšné doručení; příjemce R2 ji přijme s počtem doručení 2; pozdní volání Complete příjemce R1 je odmítnuto s chybou MessageLockLost.
lock-expiry-note-1 = Příjemce R1 přijme zprávu m1; zámek trvá { $n1 } s. Příjemce R1 ji včas nevyrovná.
lock-expiry-note-2 = Platnost zámku vyprší v čase { $n1 } s. Zprostředkovatel si zprávu m1 vezme zpět a započítá neúspěšné doručení.
lock-expiry-note-3 = Příjemce R2 přijme zprávu m1 s počtem doručení { $n1 }.
lock-expiry-note-4 = Pozdní volání Complete příjemce R1 je odmítnuto: MessageLockLost.
lock-expiry-note-5 = Příjemce R2 dokončí m1 v rámci vlastního zámku.
lock-expiry-summary-1 = Zpráva m1 byla doručena { $n1 }krát; platnost prvního zámku vypršela { $n2 } s poté, co si ji příjemce R1 vzal.
lock-expiry-summary-2 = Vyrovnat může jen držitel aktuálního zámku: volání Complete příjemce R1 selhalo, příjemce R2 uspělo.

## auto-renew

auto-renew-title = Obnovení zámku a automatické obnovování
auto-renew-description = Zpracování trvá 90 sekund, ale zámek jen 30. Klient Careful obnovuje zámek automaticky, než vyprší jeho platnost (jako procesor v .NET), a zprávu bez problémů dokončí; klient Naive to nedělá, o zámek přijde a jeho volání Complete selže.
auto-renew-note-1 = Oba pracovní procesy začnou dlouhou úlohu. Zámek trvá { $n1 } s.
auto-renew-note-2 = Klient Careful obnoví zámek, než vyprší jeho platnost: zpráva je teď uzamčená do { $n1 } s.
auto-renew-note-3 = Klient Naive zámek nikdy neobnoví: platnost jeho zámku na report-2 vyprší v čase { $n1 } s, zatímco stále pracuje.
auto-renew-note-4 = Klient Careful obnoví zámek znovu, a znovu.
auto-renew-note-5 = Oba skončí. Klient Careful dokončí report-1; volání Complete klienta Naive selže s chybou MessageLockLost a report-2 je zpět ve frontě.
auto-renew-summary-1 = Klient Careful obnovil zámek { $n1 }krát a zprávu dokončil po { $n2 } s.
auto-renew-summary-2 = Platnost zámku klienta Naive vypršela v čase { $n1 } s; jeho práce přišla vniveč a report-2 čeká na někoho jiného (ve frontě: { $n2 }).

## lock-too-short

lock-too-short-title = Zámek kratší než práce
lock-too-short-description = Zpracování každé zprávy trvá 40 až 50 sekund, ale zámek jen 30. Každému pokusu vyprší platnost zámku, každé volání Complete selže a po MaxDeliveryCount (3) doručeních skončí každá zpráva ve frontě nedoručených zpráv.
lock-too-short-note-1 = Klient Slow si vezme obě zprávy. Zpracování každé trvá déle než zámek na { $n1 } s.
lock-too-short-note-2 = Platnost obou zámků vyprší, zatímco klient Slow stále pracuje.
lock-too-short-note-3 = Klient Slow dokončí zpracování slow-1, ale volání Complete selže: MessageLockLost. Vezme si slow-1 znovu (doručení č. { $n1 }).
lock-too-short-note-4 = Doručení { $n1 } z { $n2 } a platnost zámku znovu vyprší.
lock-too-short-note-5 = Zpráva slow-1 se přesune do fronty nedoručených zpráv: MaxDeliveryCountExceeded. Problémem nikdy nebyla práce, ale zámek.
lock-too-short-summary-1 = Vypršení platnosti zámku: { $n1 }, neúspěšná volání Complete: { $n2 }, úspěšná: { $n3 }.
lock-too-short-summary-2 = Obě zprávy skončily ve frontě nedoručených zpráv ({ $n1 }) po { $n2 } { $n2 ->
        [one] doručení
        [few] doručeních
        [many] doručení
       *[other] doručeních
    }. Zámek obnovujte, nebo ho nastavte delší, než trvá práce.

## abandon

abandon-title = Abandon: vrátit zprávu hned
abandon-description = Příjemce R1 zavolá pro m1 Abandon, místo aby čekal na vypršení platnosti zámku. Zprostředkovatel započítá neúspěšné doručení, a protože má m1 nejnižší pořadové číslo, předá ji znovu jako první, před m2.
abandon-note-1 = Příjemce R1 přijme zprávu m1.
abandon-note-2 = Příjemce R1 zavolá pro m1 Abandon: zpráva se hned vrátí, započítá se jedno neúspěšné doručení a na zámek se nečeká.
abandon-note-3 = Zpráva m1 má nejnižší pořadové číslo, takže vyjde znovu jako první, před m2: počet doručení { $n1 }.
abandon-note-4 = Příjemce R1 dokončí m1.
abandon-summary-1 = Zpráva m1 se vrátila { $n1 } s po volání Abandon, ne až po uplynutí doby trvání zámku.

## poison-message

poison-message-title = Nezpracovatelná zpráva skončí ve frontě nedoručených zpráv
poison-message-description = Jedna objednávka má chybný formát: obslužná rutina na ní pokaždé vyvolá výjimku, čímž ji vrátí (Abandon). Po MaxDeliveryCount (3) doručeních ji zprostředkovatel přesune do fronty nedoručených zpráv s kódem důvodu MaxDeliveryCountExceeded; správné objednávky se mezitím dokončí.
poison-message-note-1 = Odesílatel S1 odešle { $n1 } { $n1 ->
        [one] objednávku
        [few] objednávky
        [many] objednávky
       *[other] objednávek
    }. Objednávka order-2 má chybný formát: obslužná rutina na ní pokaždé vyvolá výjimku.
poison-message-note-2 = Klient Handler si vezme order-2 (doručení č. { $n1 }). Vyvolá se výjimka a zpráva se tím vrátí (Abandon).
poison-message-note-3 = Zpráva order-2 je zpět jako první, má nejnižší pořadové číslo: doručení č. { $n1 }. Znovu výjimka.
poison-message-note-4 = Doručení { $n1 } z { $n2 }: poslední povolený pokus.
poison-message-note-5 = Dosažena hodnota MaxDeliveryCount: zprostředkovatel přesune order-2 do fronty nedoručených zpráv s kódem důvodu MaxDeliveryCountExceeded.
poison-message-note-6 = Správné objednávky se zpracovávají dál.
poison-message-summary-1 = Zpráva order-2 byla doručena { $n1 }krát a { $n2 }krát vrácena (Abandon), pak ji zprostředkovatel v čase { $n3 } s přesunul do fronty nedoručených zpráv.
poison-message-summary-2 = Dokončené správné objednávky: { $n1 }; ve frontě nedoručených zpráv { $n2 ->
        [one] čeká { $n2 } zpráva
        [few] čekají { $n2 } zprávy
        [many] čeká { $n2 } zprávy
       *[other] čeká { $n2 } zpráv
    } na člověka nebo na opravnou úlohu.
poison-message-figure-1 = doručení zprávy order-2
poison-message-figure-1-value = { $n1 }
poison-message-figure-2 = ve frontě nedoručených zpráv
poison-message-figure-2-value = { $n1 }

## explicit-dead-letter

explicit-dead-letter-title = DeadLetter s důvodem
explicit-dead-letter-description = Tato obslužná rutina ví, že objednávka s chybným formátem nikdy neuspěje, takže ji hned přesune do fronty nedoručených zpráv s důvodem a popisem, místo aby ji nechala třikrát selhat.
explicit-dead-letter-note-1 = Klient Handler dokončí order-1.
explicit-dead-letter-note-2 = Objednávka order-2 nikdy nemůže uspět: klient Handler ji hned přesune do fronty nedoručených zpráv. Váš kód přečte důvod z jejích vlastností aplikace: msg.application_properties[b'DeadLetterReason'] (Python), message.DeadLetterReason (.NET).
explicit-dead-letter-note-3 = Žádné zbytečné opakované pokusy: následuje order-3.
explicit-dead-letter-summary-1 = Zpráva order-2 se dostala do fronty nedoručených zpráv po { $n1 } { $n1 ->
        [one] doručení
        [few] doručeních
        [many] doručení
       *[other] doručeních
    }, ne po { $n2 }: obslužná rutina uvedla proč.
explicit-dead-letter-summary-2 = Dokončené objednávky: { $n1 }, přesunuté do fronty nedoručených zpráv: { $n2 }.

## defer

defer-title = Defer a pak příjem podle pořadového čísla
defer-description = Příjemce R1 přijme zprávu step-2 dřív, než je zpracovaná zpráva step-1, a proto ji odloží: zpráva zůstává ve frontě, ale běžné příjmy ji přeskakují. Jakmile je zpráva step-1 zpracovaná, příjemce R1 přijme odloženou zprávu podle jejího pořadového čísla.
defer-note-1 = Příjemce R1 přijme zprávu step-2, ale zpráva step-1 ještě nebyla zpracována.
defer-note-2 = Příjemce R1 odloží step-2 (Defer): zpráva zůstává ve frontě, ale běžné příjmy ji přeskakují. Příjemce R1 si poznamená její pořadové číslo, { $n1 }.
defer-note-3 = Další příjem vrátí step-1.
defer-note-4 = Zpráva step-1 je zpracovaná.
defer-note-5 = Příjemce R1 přijme zprávu step-2 podle jejího pořadového čísla.
defer-note-6 = Zpráva step-2 je dokončena, ve správném pořadí.
defer-summary-1 = Zpráva step-2 čekala odložená { $n1 } s; dosáhl na ni jen příjem podle pořadového čísla.

## idempotent-receiver

idempotent-receiver-title = Complete po ztrátě zámku selže: zpracovávejte idempotentně
idempotent-receiver-description = Zpracování trvá déle než zámek, takže volání Complete selže a zpráva se vrátí. Příjemce si pamatuje, které hodnoty MessageId už zpracoval, podruhé práci přeskočí a zprávu jen dokončí: zpracována jednou, doručena dvakrát.
idempotent-receiver-note-1 = Klient Payments přijme zprávu payment-1. Zpracování trvá déle než zámek na { $n1 } s.
idempotent-receiver-note-2 = Platnost zámku vyprší, zatímco klient Payments stále pracuje.
idempotent-receiver-note-3 = Práce je hotová, ale volání Complete selže: MessageLockLost. Zpráva payment-1 se vrátí (počet doručení { $n1 }); klient Payments si pamatuje, že tuto hodnotu MessageId už zpracoval, práci přeskočí a zprávu jen dokončí.
idempotent-receiver-summary-1 = Zpráva payment-1 byla doručena { $n1 }krát a zpracována jednou. Bez kontroly idempotence by byla platba stržena dvakrát.

## lock-lost

lock-lost-title = Ztráta zámků při změně entity
lock-lost-description = Příjemci R1 a R2 drží každý jeden zámek, když správce změní nastavení fronty (MaxDeliveryCount 10 → 5). Zprostředkovatel zruší všechny držené zámky: obě zprávy se hned vrátí s počtem doručení o jedna vyšším a pozdní volání Complete selžou s chybou MessageLockLost. Příjemce R1 přijme zprávu m1 znovu, teď s počtem doručení 2.
lock-lost-note-1 = Příjemce R1 drží zprávu m1 a příjemce R2 zprávu m2.
lock-lost-note-2 = Správce změní nastavení fronty. Zprostředkovatel zruší všechny držené zámky.
lock-lost-note-3 = Obě pozdní volání Complete selžou: MessageLockLost.
lock-lost-note-4 = Příjemce R1 přijme zprávu m1 znovu, počet doručení { $n1 }, a dokončí ji.
lock-lost-summary-1 = V čase { $n2 } s { $n1 ->
        [one] byl ztracen { $n1 } zámek
        [few] byly ztraceny { $n1 } zámky
        [many] bylo ztraceno { $n1 } zámku
       *[other] bylo ztraceno { $n1 } zámků
    } a { $n3 ->
        [one] { $n3 } volání Complete bylo odmítnuto
        [few] { $n3 } volání Complete byla odmítnuta
        [many] { $n3 } volání Complete bylo odmítnuto
       *[other] { $n3 } volání Complete bylo odmítnuto
    }; zpráva m2 čeká ve frontě (zbývá: { $n4 }).

## ttl-expiry

ttl-expiry-title = Vypršení platnosti (TTL) a přesun do fronty nedoručených zpráv
ttl-expiry-description = Zprávy mají hodnotu TTL 10 sekund a fronta přesouvá zprávy s vypršenou platností do fronty nedoručených zpráv. Příjemce začne pozdě: zprávy s vypršenou platností se posbírají při jeho prvním příjmu a přesunou se do fronty nedoručených zpráv s kódem důvodu TTLExpiredException.
ttl-expiry-note-1 = Odesílatel S1 odešle quote-1 a quote-2. Jejich hodnota TTL je { $n1 } s.
ttl-expiry-note-2 = Jejich čas uplynul: platnost vypršela, ale zatím se na ně nikdo nepodíval.
ttl-expiry-note-3 = Odesílatel S1 odešle quote-3.
ttl-expiry-note-4 = Klient Late začne přijímat. Zprostředkovatel posbírá nabídky s vypršenou platností a přesune je do fronty nedoručených zpráv (TTLExpiredException); klient Late dostane quote-3.
ttl-expiry-summary-1 = { $n1 ->
        [one] { $n1 } nabídka s vypršenou platností se přesunula
        [few] { $n1 } nabídky s vypršenou platností se přesunuly
        [many] { $n1 } nabídky s vypršenou platností se přesunulo
       *[other] { $n1 } nabídek s vypršenou platností se přesunulo
    } do fronty nedoručených zpráv v čase { $n2 } s, když přišel příjem; zpracováno: { $n3 }.

## duplicate-detection

duplicate-detection-title = Detekce duplicitních zpráv
duplicate-detection-description = Odesílatel zopakuje odeslání order-1 po vypršení časového limitu, které si špatně vyložil. V rámci 60sekundového okna zprostředkovatel ohlásí úspěch a duplikát zahodí; po uplynutí okna je stejné ID přijato znovu.
duplicate-detection-note-1 = Odesílatel S1 odešle order-1.
duplicate-detection-note-2 = Odesílatel S1 zopakuje odeslání order-1 po vypršení časového limitu, které si špatně vyložil. Zprostředkovatel ohlásí úspěch a duplikát zahodí.
duplicate-detection-note-3 = Okno je { $n1 } s. Dlouho po jeho uplynutí je stejné ID opět novou zprávou.
duplicate-detection-summary-1 = Zpráva order-1 odeslána { $n1 }krát; v rámci okna zahozeno: { $n2 }, uloženo: { $n3 }.

## scheduled

scheduled-title = Plánované zprávy
scheduled-description = Připomínka je naplánovaná na 10 sekund od teď: čeká, pro příjemce neviditelná, a pak se aktivuje s novým pořadovým číslem.
scheduled-note-1 = Odesílatel S1 naplánuje připomínku na čas { $n1 } s. Připomínka čeká, pro příjemce neviditelná.
scheduled-note-2 = Příjemce R1 přijímá: dostane zprávu odeslanou později, ne naplánovanou připomínku.
scheduled-note-3 = V čase { $n1 } s se připomínka aktivuje s novým pořadovým číslem { $n2 }.
scheduled-note-4 = Teď příjemce R1 přijme připomínku.
scheduled-summary-1 = Připomínka byla naplánována v čase { $n1 } s a viditelnou se stala v čase { $n2 } s.

## sessions

sessions-title = Relace pro zpracování v pořadí
sessions-description = Objednávky dvou zákazníků se prolínají. Každý příjemce přijme relaci jednoho zákazníka a dostává jeho zprávy v pořadí, zatímco nikdo jiný si je nemůže vzít.
sessions-note-1 = Objednávky zákazníků customer-A a customer-B se v jedné frontě prolínají.
sessions-note-2 = Příjemce R1 přijme relaci customer-A; příjemce R2 přijme další volnou. Každá relace je uzamčená pro svého příjemce.
sessions-note-3 = Každý příjemce dostává zprávy svého zákazníka v pořadí.
sessions-note-4 = Vše vyrovnáno.
sessions-summary-1 = Relace: { $n1 }, dokončené zprávy: { $n2 }; každou dokončil v pořadí příjemce, který drží její relaci.

## load-levelling

load-levelling-title = Vyrovnávání zatížení při náporu
load-levelling-description = Nápor 200 objednávek dorazí zhruba za dvě sekundy. Dva pracovní procesy, z nichž každý zpracovává dvě objednávky najednou po 400 až 600 ms, frontu vyprazdňují vlastním stálým tempem, dohromady asi osm za sekundu. Fronta nápor pohltí.
load-levelling-note-1 = Nápor: { $n1 } { $n1 ->
        [one] objednávka
        [few] objednávky
        [many] objednávky
       *[other] objednávek
    } dorazí za { $n2 } s.
load-levelling-note-2 = Fronta ho pohltí. { $n1 ->
        [one] { $n1 } pracovní proces bere
        [few] { $n1 } pracovní procesy berou
        [many] { $n1 } pracovního procesu bere
       *[other] { $n1 } pracovních procesů bere
    } objednávky vlastním tempem, ne tempem odesílatele.
load-levelling-note-3 = Fronta se stále rovnoměrně vyprazdňuje.
load-levelling-note-4 = Fronta je opět prázdná.
load-levelling-summary-1 = { $n1 ->
        [one] { $n1 } objednávka dorazila
        [few] { $n1 } objednávky dorazily
        [many] { $n1 } objednávky dorazilo
       *[other] { $n1 } objednávek dorazilo
    } během { $n2 } s; pracovní procesy jich dokončovaly asi { $n3 } za sekundu a skončily v čase { $n4 } s.
load-levelling-figure-1 = vyřízené objednávky za sekundu
load-levelling-figure-1-value = { $n1 }

## topic-fan-out

topic-fan-out-title = Objednávky se rozesílají do odběrů; billing bere jen EU
topic-fan-out-note-1 = Odesílatel S1 publikuje o1 (region eu) a o2 (region us) do tématu orders. Odběr audit si ponechává výchozí pravidlo, které bere každou zprávu; jediné pravidlo odběru billing, eu, bere region = eu.
topic-fan-out-note-2 = Zpráva o1 se rozešle do { $n1 } { $n1 ->
        [one] kopie
        [few] kopií
        [many] kopie
       *[other] kopií
    }, jedné pro každý odběr; o2 odpovídá jen pravidlu odběru audit: { $n2 } { $n2 ->
        [one] kopie
        [few] kopie
        [many] kopie
       *[other] kopií
    }. Každý odběr čísluje své kopie sám: o2 má v odběru audit poř. č. { $n3 }.
topic-fan-out-note-3 = Příjemce A1 přijme z odběru audit { $n1 } { $n1 ->
        [one] zprávu
        [few] zprávy
        [many] zprávy
       *[other] zpráv
    }; příjemce B1 přijme z odběru billing { $n2 }, druhou kopii o1. Každá kopie je uzamčená samostatně, vlastním příjemcem.
topic-fan-out-note-4 = Příjemce B1 dokončí kopii o1 v odběru billing v čase { $n1 } s. Kopie v odběru audit je jiná zpráva: stále uzamčená příjemcem A1, nedotčená.
topic-fan-out-summary-1 = Zpráva o1 se dostala do { $n1 } { $n1 ->
        [one] odběru
        [few] odběrů
        [many] odběru
       *[other] odběrů
    } a o2 jen do { $n2 }: filtr korelace odběru billing o2 vynechal.
topic-fan-out-summary-2 = Dokončení kopie o1 v odběru billing kopii v odběru audit neovlivnilo: v odběru audit { $n1 ->
        [one] je stále { $n1 } zpráva
        [few] jsou stále { $n1 } zprávy
        [many] je stále { $n1 } zprávy
       *[other] je stále { $n1 } zpráv
    }, v odběru billing { $n2 }.
topic-fan-out-figure-1 = kopie zprávy o1
topic-fan-out-figure-1-value = { $n1 }
topic-fan-out-figure-2 = kopie zprávy o2
topic-fan-out-figure-2-value = { $n1 }

## poison-copy

poison-copy-title = Nezpracovatelná kopie skončí ve frontě nedoručených zpráv jednoho odběru, zatímco druhý odběr dokončí tu svou
poison-copy-description = Jedna objednávka se rozešle do odběrů audit a billing. Obslužná rutina klienta Billing na ní selže a pokaždé ji vrátí (Abandon): po max_delivery_count (3) doručeních se kopie v odběru billing přesune do fronty nedoručených zpráv odběru billing. Kopie v odběru audit je jiná zpráva s vlastním zámkem a počtem doručení: klient Audit ji hned dokončí a potíže odběru billing se jí nedotknou.
poison-copy-note-1 = Odesílatel Shop publikuje order-7 do tématu orders: { $n1 } { $n1 ->
        [one] kopie
        [few] kopie
        [many] kopie
       *[other] kopií
    }, jedna v odběru audit a jedna v odběru billing, každá s vlastním zámkem a počtem doručení.
poison-copy-note-2 = Klient Audit dokončí svou kopii v čase { $n1 } s. Zmizí jen kopie v odběru audit: ta v odběru billing stále čeká.
poison-copy-note-3 = Klient Billing si vezme svou kopii (doručení č. { $n1 }); jeho obslužná rutina na těle zprávy vyvolá výjimku a kopii vrátí (Abandon).
poison-copy-note-4 = Doručení { $n1 } z { $n2 }: znovu vrácena (Abandon).
poison-copy-note-5 = Doručení č. { $n1 } bylo v odběru billing poslední (MaxDeliveryCount { $n2 }): zprostředkovatel přesune kopii z odběru billing do fronty nedoručených zpráv odběru billing.
poison-copy-note-6 = Ve frontě nedoručených zpráv odběru billing { $n1 ->
        [one] je { $n1 } zpráva
        [few] jsou { $n1 } zprávy
        [many] je { $n1 } zprávy
       *[other] je { $n1 } zpráv
    }; ve frontě odběru audit { $n2 }. Nezpracovatelná kopie se fronty odběru audit nikdy nedotkla.
poison-copy-summary-1 = Klient Audit dokončil svou kopii v čase { $n1 } s, při prvním doručení, ještě než začaly potíže odběru billing.
poison-copy-summary-2 = Kopie v odběru billing byla doručena { $n1 }krát, pokaždé vrácena (Abandon) a v čase { $n2 } s přesunuta (MaxDeliveryCountExceeded) jen do fronty nedoručených zpráv odběru billing.
poison-copy-figure-1 = doručení kopie v odběru audit
poison-copy-figure-1-value = { $n1 }
poison-copy-figure-2 = doručení kopie v odběru billing
poison-copy-figure-2-value = { $n1 }
poison-copy-figure-3 = ve frontě nedoručených zpráv odběru billing
poison-copy-figure-3-value = { $n1 }

## request-reply

request-reply-title = Požadavek a odpověď s reply_to a correlation_id
request-reply-note-1 = Klient Client odešle požadavek req-1 do fronty requests s reply_to = replies: tam chce dostat odpověď. Zprostředkovatel reply_to uloží a nikdy podle něj nejedná.
request-reply-note-2 = Klient Server přijme požadavek req-1 z fronty requests a přečte jeho reply_to.
request-reply-note-3 = Klient Server odešle odpověď rep-1 do fronty replies, kterou uvedl požadavek req-1, s correlation_id = req-1; pak požadavek req-1 dokončí.
request-reply-note-4 = Klient Client přijme odpověď rep-1 z fronty replies a podle correlation_id ji přiřadí ke svému požadavku.
request-reply-note-5 = Klient Client dokončí odpověď: ve frontě requests { $n1 ->
        [one] zbývá { $n1 } zpráva
        [few] zbývají { $n1 } zprávy
        [many] zbývá { $n1 } zprávy
       *[other] zbývá { $n1 } zpráv
    }, ve frontě replies { $n2 }.
request-reply-summary-1 = Požadavek req-1 čekal ve frontě requests { $n1 } s na klienta Server; odpověď rep-1 čekala ve frontě replies { $n2 } s na klienta Client.
request-reply-summary-2 = Odpověď přišla { $n1 } s po odeslání požadavku, frontou, kterou požadavek uvedl: Service Bus reply_to a correlation_id přenáší, aplikace podle nich jednají.
request-reply-figure-1 = sekundy od požadavku k odpovědi
request-reply-figure-1-value = { $n1 }

## competing-consumers-subscription

competing-consumers-subscription-title = Konkurenční spotřebitelé v jednom odběru
competing-consumers-subscription-description = Do tématu dorazí tři objednávky; odběr 'work' drží od každé jednu kopii. Dva pracovní procesy přijímají ze stejného odběru: každá kopie jde jen jednomu z nich a je pro něj uzamčená. Příjemce W2 dokončí svou kopii; příjemci W1 vyprší platnost zámku dřív, než ji vyrovná, takže se jeho kopie vrátí (počet doručení 2) a vezme si ji W2. Odběr 'audit' si po celou dobu ponechává vlastní tři kopie.
competing-consumers-subscription-note-1 = Odesílatel Shop publikuje { $n1 } { $n1 ->
        [one] objednávku
        [few] objednávky
        [many] objednávky
       *[other] objednávek
    }. Každý odběr dostane vlastní kopii každé z nich: { $n2 } v odběru audit, { $n3 } v odběru work.
competing-consumers-subscription-note-2 = Příjemci W1 a W2 přijímají ze stejného odběru work: každá kopie jde jednomu z nich. W1 uzamkne o1; W2 uzamkne o2 a o3.
competing-consumers-subscription-note-3 = Příjemce W2 dokončí o2 a o3 v čase { $n1 } s.
competing-consumers-subscription-note-4 = Příjemce W1 zprávu o1 nevyrovnal: platnost jeho zámku na kopii v odběru work vyprší v čase { $n1 } s (doba trvání zámku v odběru work je { $n2 } s). Kopie je opět k dispozici.
competing-consumers-subscription-note-5 = Příjemce W2 si vezme o1: doručení č. { $n1 }.
competing-consumers-subscription-note-6 = Příjemce W2 dokončí o1 v čase { $n1 } s.
competing-consumers-subscription-note-7 = Pozdní volání Complete pro o1 od příjemce W1 selže s chybou MessageLockLost: kopie už tou dobou patřila příjemci W2.
competing-consumers-subscription-summary-1 = Kopie v odběru work ({ $n1 }) si rozdělili jeho příjemci: příjemce W2 dokončil { $n2 }, příjemce W1 { $n3 } (platnost jeho zámku vypršela po { $n4 } s).
competing-consumers-subscription-summary-2 = Odběr audit si po celou dobu ponechal { $n1 } { $n1 ->
        [one] vlastní kopii
        [few] vlastní kopie
        [many] vlastní kopie
       *[other] vlastních kopií
    }: konkurenční spotřebitelé sdílejí kopie jednoho odběru, nikdy kopie jiného odběru.
competing-consumers-subscription-figure-1 = dokončeno příjemcem W2
competing-consumers-subscription-figure-1-value = { $n1 }
competing-consumers-subscription-figure-2 = dokončeno příjemcem W1
competing-consumers-subscription-figure-2-value = { $n1 }
competing-consumers-subscription-figure-3 = kopie stále v odběru audit
competing-consumers-subscription-figure-3-value = { $n1 }

## crash-peek-lock-vs-receive-and-delete

crash-peek-lock-vs-receive-and-delete-title = Pád v režimu Peek-Lock a v režimu Příjem a odstranění
crash-peek-lock-vs-receive-and-delete-description = Stejný pracovní proces spadne při zpracování zprávy invoice-1. V režimu Peek-Lock byla zpráva jen uzamčená; v režimu Příjem a odstranění byla odstraněna už při předání.
crash-peek-lock-vs-receive-and-delete-variant-1 = Peek-Lock
crash-peek-lock-vs-receive-and-delete-variant-2 = Příjem a odstranění
crash-peek-lock-vs-receive-and-delete-fact-1 = pád v čase
crash-peek-lock-vs-receive-and-delete-fact-1-value = { $n1 } s
crash-peek-lock-vs-receive-and-delete-fact-2 = doručení zprávy invoice-1
crash-peek-lock-vs-receive-and-delete-fact-2-value = { $n1 }
crash-peek-lock-vs-receive-and-delete-fact-3 = dokončení zprávy invoice-1
crash-peek-lock-vs-receive-and-delete-fact-3-value = { $n1 }
crash-peek-lock-vs-receive-and-delete-fact-4 = zbývá ve frontě
crash-peek-lock-vs-receive-and-delete-fact-4-value = { $n1 }
crash-peek-lock-vs-receive-and-delete-difference = Obě fronty skončí prázdné, ale zprávu invoice-1 zpracoval jen režim Peek-Lock: platnost jejího zámku vypršela v čase { $n1 } s a dokončena byla v čase { $n2 } s. Režim Příjem a odstranění ji odstranil v čase { $n3 } s, před pádem v čase { $n4 } s: nic ji nevrátí.

## crash-short-vs-long-lock

crash-short-vs-long-lock-title = Pád s krátkým a s dlouhým zámkem
crash-short-vs-long-lock-description = Příjemce R1 si vezme zprávu order-1 a spadne. Jeho zámek ho přežije (formát v1.1): zprávu order-1 nemůže nikdo získat, dokud nevyprší platnost zámku. Doba trvání zámku je cenou za pád.
crash-short-vs-long-lock-variant-1 = 30sekundový zámek
crash-short-vs-long-lock-variant-2 = 5minutový zámek
crash-short-vs-long-lock-fact-1 = doba trvání zámku
crash-short-vs-long-lock-fact-1-value = { $n1 } s
crash-short-vs-long-lock-fact-2 = pád v čase
crash-short-vs-long-lock-fact-2-value = { $n1 } s
crash-short-vs-long-lock-fact-3 = order-1 opět volná v čase
crash-short-vs-long-lock-fact-3-value = { $n1 } s
crash-short-vs-long-lock-fact-4 = čekání po pádu
crash-short-vs-long-lock-fact-4-value = { $n1 } s
crash-short-vs-long-lock-fact-5 = prázdné příjmy příjemce R2
crash-short-vs-long-lock-fact-5-value = { $n1 }
crash-short-vs-long-lock-difference = Stejný pád nechal zprávu order-1 čekat { $n1 } s se zámkem na { $n2 } s a { $n3 } s se zámkem na { $n4 } s: pokaždé zbytek doby zámku.

## send-modes-side-by-side

send-modes-side-by-side-title = Odesílání po jedné, všech najednou, nebo deseti souběžně
send-modes-side-by-side-description = Stejný odesílatel odešle 100 zpráv stejnou sítí (doba odezvy 70 ms, uložení 10 ms). Liší se jen tím, jak na odeslání čeká.
send-modes-side-by-side-variant-1 = po jedné
send-modes-side-by-side-variant-2 = všechny najednou
send-modes-side-by-side-variant-3 = deset souběžně
send-modes-side-by-side-fact-1 = všechny odpovědi zpět za
send-modes-side-by-side-fact-1-value = { $n1 } ms
send-modes-side-by-side-fact-2 = uložené zprávy
send-modes-side-by-side-fact-2-value = { $n1 }
send-modes-side-by-side-fact-3 = neúspěšná odeslání
send-modes-side-by-side-fact-3-value = { $n1 }
send-modes-side-by-side-difference = { $n1 ->
        [one] Stejná { $n1 } zpráva zabrala
        [few] Stejné { $n1 } zprávy zabraly
        [many] Stejných { $n1 } zprávy zabralo
       *[other] Stejných { $n1 } zpráv zabralo
    } { $n2 } ms při čekání na každé odeslání zvlášť, { $n3 } ms při spuštění všech najednou a { $n4 } ms s omezeným počtem souběžných odeslání.

## idempotent-vs-not

idempotent-vs-not-title = S idempotentním příjemcem a bez něj
idempotent-vs-not-description = Zpracování zprávy payment-1 trvá déle než její zámek, takže volání Complete selže a zpráva se vrátí. Jeden příjemce si pamatuje, které hodnoty MessageId už zpracoval; druhý práci udělá znovu.
idempotent-vs-not-variant-1 = idempotentní
idempotent-vs-not-variant-2 = neidempotentní
idempotent-vs-not-fact-1 = doručení zprávy payment-1
idempotent-vs-not-fact-1-value = { $n1 }
idempotent-vs-not-fact-2 = kolikrát byla zahájena práce
idempotent-vs-not-fact-2-value = { $n1 }
idempotent-vs-not-fact-3 = dokončeno
idempotent-vs-not-fact-3-value = { $n1 }
idempotent-vs-not-fact-4 = neúspěšná volání Complete
idempotent-vs-not-fact-4-value = { $n1 }
idempotent-vs-not-difference = Idempotentní příjemce provedl práci platby { $n1 }krát během { $n2 } doručení a zprávu dokončil v čase { $n3 } s. Bez idempotence byla práce zahájena { $n4 }krát během { $n5 } doručení a zpráva payment-1 není ani na konci běhu dokončena: každý pokus trvá déle než zámek.
