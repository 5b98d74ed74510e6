# Proč byl dokument odmítnut (settle_scenario::FormatError): problémy společné všem částem
# formátu. $want a $found jsou typy. Klíče, čísla a $error knihovny serde_json zůstávají, jak jsou.

format-expected = očekává se { $want ->
    [null] null
    [boolean] logická hodnota
    [number] číslo
    [whole] celé číslo
    [string] řetězec
    [string-or-null] řetězec nebo null
    [array] pole
   *[object] objekt
}, nalezeno: { $found ->
    [null] null
    [boolean] logická hodnota
    [number] číslo
    [whole] celé číslo
    [string] řetězec
    [string-or-null] řetězec nebo null
    [array] pole
   *[object] objekt
}
format-missing-key = chybí povinný klíč „{ $key }“
format-out-of-range = { $n } je mimo rozsah { $lo }..={ $hi }
format-too-long = delší než { $max } { $max ->
    [one] znak
    [few] znaky
   *[other] znaků
}
format-unknown-key = neznámý klíč „{ $key }“
format-unknown-key-near = neznámý klíč „{ $key }“ (nemá být „{ $near }“?)
format-not-whole = očekává se celé číslo ≥ 0, nalezeno: { $n }
format-too-late = { $n } ms je víc než { $max } ms (10 let), nejdelší doba, kterou scénář smí uvést
format-not-json = není platný JSON: { $error }
