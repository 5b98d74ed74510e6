# 文档被拒绝的原因（settle_scenario::FormatError）：格式各部分共有的问题。$want 和 $found 是类型。键、数字和 serde_json 的 $error 保持原样。

format-expected = 应为{ $want ->
    [null] null
    [boolean] 布尔值
    [number] 数字
    [whole] 整数
    [string] 字符串
    [string-or-null] 字符串或 null
    [array] 数组
   *[object] 对象
}，实际为{ $found ->
    [null] null
    [boolean] 布尔值
    [number] 数字
    [whole] 整数
    [string] 字符串
    [string-or-null] 字符串或 null
    [array] 数组
   *[object] 对象
}
format-missing-key = 缺少必需的键“{ $key }”
format-out-of-range = { $n } 超出范围 { $lo }..={ $hi }
format-too-long = 超过 { $max } 个字符
format-unknown-key = 未知的键“{ $key }”
format-unknown-key-near = 未知的键“{ $key }”（是否指“{ $near }”？）
format-not-whole = 应为 ≥ 0 的整数，实际为 { $n }
format-too-late = { $n } 毫秒超过 { $max } 毫秒（10 年），即场景可指定的最长时间
format-not-json = 不是有效的 JSON：{ $error }
