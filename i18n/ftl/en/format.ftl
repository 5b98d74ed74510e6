# Why a document was refused (settle_scenario::FormatError): the problems every part of the
# format shares. $want and $found are types: null, boolean, number, whole, string,
# string-or-null, array, object. Keys, numbers and serde_json's $error stay as they are.

format-expected = expected { $want ->
    [null] null
    [boolean] a boolean
    [number] a number
    [whole] a whole number
    [string] a string
    [string-or-null] a string or null
    [array] an array
   *[object] an object
}, found { $found ->
    [null] null
    [boolean] a boolean
    [number] a number
    [whole] a whole number
    [string] a string
    [string-or-null] a string or null
    [array] an array
   *[object] an object
}
format-missing-key = missing required key "{ $key }"
format-out-of-range = { $n } is out of range { $lo }..={ $hi }
format-too-long = longer than { $max } characters
format-unknown-key = unknown key "{ $key }"
format-unknown-key-near = unknown key "{ $key }" (did you mean "{ $near }"?)
format-not-whole = expected a whole number ≥ 0, found { $n }
format-too-late = { $n } ms is more than { $max } ms (10 years), the longest time a scenario may name
format-not-json = not valid JSON: { $error }
