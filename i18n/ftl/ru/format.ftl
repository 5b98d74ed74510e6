# Почему документ отклонен (settle_scenario::FormatError): проблемы, общие для всех частей
# формата. $want и $found — типы. Ключи, числа и $error библиотеки serde_json остаются как есть.

format-expected = ожидается { $want ->
    [null] null
    [boolean] логическое значение
    [number] число
    [whole] целое число
    [string] строка
    [string-or-null] строка или null
    [array] массив
   *[object] объект
}, получено: { $found ->
    [null] null
    [boolean] логическое значение
    [number] число
    [whole] целое число
    [string] строка
    [string-or-null] строка или null
    [array] массив
   *[object] объект
}
format-missing-key = отсутствует обязательный ключ «{ $key }»
format-out-of-range = { $n } вне диапазона { $lo }..={ $hi }
format-too-long = длиннее { $max } { $max ->
    [one] символа
   *[other] символов
}
format-unknown-key = неизвестный ключ «{ $key }»
format-unknown-key-near = неизвестный ключ «{ $key }» (возможно, имелся в виду «{ $near }»?)
format-not-whole = ожидается целое число ≥ 0, получено: { $n }
format-too-late = { $n } мс больше { $max } мс (10 лет) — самого долгого времени, которое может указать сценарий
format-not-json = недопустимый JSON: { $error }
