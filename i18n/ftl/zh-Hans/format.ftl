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

# 格式某一部分的问题。$value、$name、$kind、$op、$key、$topic、$client、$from、$arg、$head、$src、$first、$body、$format 是文档中的词；$ops、$known、$list、$variants 是格式自己的词，保持原样。$error 是 Settle 其他部分（筛选器的 SQL、课程的事件）给出的问题，保持原样。

format-document-too-big = 文档有 { $n } 字节；场景最多 { $max } 字节
format-not-utf8 = 不是有效的 UTF-8：字节偏移 { $offset } 不属于任何 UTF-8 字符
format-bom = 文档以字节顺序标记（U+FEFF）开头；请将其另存为不带该标记的 UTF-8
format-duplicate-key = 重复的键“{ $key }”（每个键最多出现一次）
format-unsupported-version = 不支持的格式版本 { $version }（此运行器读取版本 1）
format-entities-and-queue = 不能与 $.queue 同时使用
format-entities-only-run = 此场景声明了实体（队列、主题、订阅）；演练场目前只运行一个队列：请使用命令行（settle run、lesson、render、export）
format-too-many-steps = { $n } 个步骤；脚本最多 { $max } 个步骤
format-at-decreases = { $n } 早于前一个步骤（{ $last }）；at_ms 不得减小
format-run-until-early = { $n } 早于最后一个步骤的时间 { $last }
format-too-many-actors = { $n } 个角色；场景最多 { $max } 个角色
format-sessions-not-required = 接收方读取的实体不要求会话
format-too-many-sends = 发送方合计发送超过 { $max } 条消息，即场景可请求的最大数量
format-two-actors-named = “{ $name }”命名了两个角色
format-payload-too-big = 此场景写出的消息正文总计超过 { $max } 字节（含 {"{"}n{"}"} 的正文对每条消息各写出一次）
format-already-receives = 客户端 { $client } 已在从“{ $from }”接收

format-at-least-or-null = 必须至少为 { $lo }（或为 null）
format-out-of-range-or-null = { $n } 超出范围 { $lo }..={ $hi }（或为 null）
format-not-tier = “{ $value }”不是层级（basic、standard、premium）
format-below-minimum = { $n } 低于最小值 { $min }
format-basic-no-duplicate-detection = basic 层级没有重复检测
format-basic-no-sessions = basic 层级没有会话
format-at-least-one = 必须至少为 1
format-config = 设置无效：{ $error }

format-not-probability = { $n } 不是概率（0 到 1）
format-not-outcome = “{ $value }”不是处理结果（complete、abandon、dead_letter、defer）
format-client-name = 客户端名称为 1 到 64 个字符
format-throttled-needs-max = 限流发送方需要“max_in_flight”
format-max-in-flight-not-throttled = 只有限流发送方（“mode”: “throttled”）才有“max_in_flight”
format-not-send-mode = “{ $value }”不是发送模式（sequential、pipelined、throttled、fire_and_forget、presettled）
format-too-many-session-ids = 会话 ID 超过 { $max } 个
format-session-id = 会话 ID 是 1 到 128 个字符的字符串
format-body-too-big = 正文最多 { $max } 字节
format-range-order = 范围写作 [min, max]，且 min ≤ max
format-non-empty-string = 应为非空字符串
format-sessions-receiver = 带有“sessions”的接收方从主队列读取，每个会话一次一条消息（没有并发、预取或死信队列）
format-not-actor-kind = “{ $value }”不是角色类型（sender、receiver）

format-not-receive-mode = “{ $value }”不是模式（peek_lock、receive_and_delete）
format-msg-and-seq = 请给出“msg”或“seq”，不要同时给出
format-msg-or-seq = 缺少消息：“msg”（ID）或“seq”
format-must-not-be-empty = 不得为空
format-send-body-too-big = 正文最多 { $max } 字节（size_bytes 可以声明更大的消息）
format-too-many-seqs = 指定的序列号超过 { $max } 个
format-no-seqs = 必须至少指定一个序列号
format-update-queue-with-entities = update_queue 只能在没有 $.entities 时使用；请使用 update_entity
format-unknown-op = 未知的操作“{ $op }”（可选：{ $ops }）

format-too-many-properties = 属性超过 { $max } 个
format-property-too-big = 一个属性（键和值）最多 { $max } 字节
format-properties-too-big = 一条消息的属性合计最多 { $max } 字节
format-property-number-range = 数字超出范围
format-property-type = 属性应为字符串、数字或布尔值，实际为{ $found ->
    [null] null
    [boolean] 布尔值
    [number] 数字
    [string] 字符串
    [array] 数组
   *[object] 对象
}

format-unknown-key-here = 未知的键
format-entity-name = 无效的实体名称
format-reserved-name = “{ $name }”是保留名称
format-subscription-name = 无效的订阅名称
format-no-entities = 未声明任何实体
format-missing = 缺失
format-basic-no-topics = basic 层级没有主题
format-not-entity-type = “{ $value }”不是实体类型（queue、topic）
format-no-such-entity = 没有这个实体
format-no-queue-or-topic = 没有名为“{ $name }”的队列或主题
format-send-to-subscription = “{ $name }”是订阅；请发送到它的主题
format-not-sub-queue = “{ $value }”不是子队列（main、dead_letter）
format-not-session-entity = “{ $value }”不是会话实体（queue）
format-only-without-entities = “{ $name }”只能在没有 $.entities 时使用
format-sessions-not-from-dlq = “{ $name }”：不能从死信队列读取会话
format-receive-from-topic = “{ $topic }”是主题；请从“{ $topic }/subscriptions/<name>”接收
format-no-queue-or-subscription = 没有名为“{ $name }”的队列或订阅
format-only-with-entities = { $op } 只能在有 $.entities 时使用
format-not-subscription = “{ $name }”不是订阅（“<topic>/subscriptions/<name>”）
format-no-entity = 没有名为“{ $name }”的实体

format-empty-correlation = 至少需要一个条件
format-one-filter = 必须恰好是 true、false、sql、correlation 之一
format-expected-empty-object = 应为 {"{"}{"}"}
format-sql-filter = SQL 筛选器无效：{ $error }
format-sql-action = 规则操作无效：{ $error }
format-action-with-correlation = 规则操作不能与相关性筛选器一起使用
format-rule-name = 无效的规则名称
format-same-name = 与 { $other } 同名

format-is-empty = 为空
format-not-event = “{ $kind }”既不是跟踪事件也不是操作
format-nth-from-one = 从 1 开始计数（或“last”）
format-speed-range = { $n } 超出范围 (0, 10000]
format-at-and-on = 请给出“at_ms”或“on”，不要同时给出
format-at-or-on = 缺少“at_ms”或“on”
format-after-without-on = 只能与“on”一起使用
format-note-unplaced = 无法确定注释的时间：{ $error }
format-no-queue-topic-or-subscription = 没有名为“{ $name }”的队列、主题或订阅
format-in-placeholder = 占位符 {"{"}{ $src }{"}"}：{ $error }
format-placeholder-not-event = 占位符 {"{"}{ $src }{"}"}：“{ $kind }”既不是跟踪事件也不是操作
format-placeholder-nth = 占位符 {"{"}{ $src }{"}"}：“#{ $n }”不是 #1、#2、… 或 #last
format-placeholder-two-ids = 占位符 {"{"}{ $src }{"}"}：消息 ID 多于一个
format-placeholder-not-one-of = 占位符 {"{"}{ $src }{"}"}：“{ $arg }”不是{ $what ->
    [record-key] 记录的键
    [queue-key] 数值型的队列键
   *[final-list] 最终列表
}（{ $list }）
format-placeholder-one-entity = 占位符 {"{"}{ $src }{"}"}：{ $head } 最多接受一个实体（队列、主题或订阅的路径）
format-placeholder-empty = 占位符 {"{"}{ $src }{"}"} 为空
format-placeholder-one-arg = 占位符 {"{"}{ $src }{"}"}：{ $head } 接受一个{ $what ->
    [message-id] 消息 ID
   *[client-name] 客户端名称
}
format-placeholder-no-args = 占位符 {"{"}{ $src }{"}"}：{ $head } 不接受参数
format-unknown-placeholder = 未知的占位符 {"{"}{ $src }{"}"}（已知：{ $known }）
format-placeholder-format = 占位符 {"{"}{ $src }{"}"}：未知的格式“|{ $format }”（|s、|min、|raw）
format-placeholder-variant = 占位符 {"{"}{ $src }{"}"}：请说明它读取哪个变体，例如 {"{"}{ $first }.{ $body }{"}"}（变体：{ $variants }）
format-lone-close = 单独的“{"}"}”（要写括号本身，请写“{"}}"}”）
format-unclosed = “{"{"}”没有对应的“{"}"}”

format-not-a-comparison = 缺少必需的键“compare”（这不是比较）
format-comparison-not-json = 不是 JSON：{ $error }
format-comparison-version = 不支持的格式版本 { $version }
format-not-a-preset = “{ $name }”不是预设（参见 `settle presets`）
format-preset-not-json = 预设无效：{ $error }
format-preset-or-scenario = 应为预设名称或场景，实际为{ $found ->
    [null] null
    [boolean] 布尔值
    [number] 数字
    [string] 字符串
    [array] 数组
   *[object] 对象
}
format-not-one-placeholder = “{ $text }”不是单个占位符
format-condition-shape = 应为“{"{"}x.…{"}"} OP {"{"}y.…{"}"}”，其中 OP 为 <、<=、>、>=、=、!= 之一
format-variant-count = 两到四个变体
format-scenario-or-preset = 请给出“scenario”或“preset”，不要同时给出
format-nothing-to-run = 没有可运行的“scenario”、“preset”或“base”
format-variant-invalid = 其场景无效：{ $error }
format-no-placeholder = 没有占位符

format-fact-which-entity = 请指明实体：文档声明了多个实体（{ $form }）
format-fact-no-queue = 本次运行没有队列
format-fact-no-entity = 没有名为“{ $name }”的队列、主题或订阅
format-fact-matching = 本次运行有 { $n } 条匹配的记录
format-fact-no-time = 该记录没有时间
format-fact-rate = 速率需要两个不同时间的匹配记录
format-fact-no-delivery-count = “{ $id }”的记录都不带 DeliveryCount
format-fact-record-lacks = 该 { $kind } 记录没有 { $key }
format-fact-idle = “{ $name }”在运行中什么也不做
format-fact-topic-key = “{ $name }”是主题；{ $key } 属于它的订阅
format-fact-entity-key-unset = “{ $name }”的 { $key } 未设置
format-fact-queue-key-unset = 队列的 { $key } 未设置
format-fact-no-final-list = “{ $name }”在最终记录中没有 { $list } 列表
format-fact-no-run = 没有可读取的运行

format-json-syntax = { $what ->
    [eof-list] 文本在列表中途结束
    [eof-object] 文本在对象中途结束
    [eof-string] 文本在字符串中途结束
    [eof-value] 文本已结束，缺少值
    [expected-colon] 应为 `:`
    [expected-comma-or-bracket] 应为 `,` 或 `]`
    [expected-comma-or-brace] 应为 `,` 或 `{"}"}`
    [expected-ident] 应为 true、false 或 null
    [expected-value] 应为值
    [expected-quote] 应为 `"`
    [invalid-escape] 无效的转义序列
    [invalid-number] 无效的数字
    [number-out-of-range] 数字超出范围
    [invalid-code-point] 无效的 Unicode 码位
    [control-character] 字符串中有控制字符（\u0000–\u001F）
    [key-not-string] 键必须是字符串
    [lone-surrogate] \u 转义中有孤立的代理项
    [trailing-comma] 末尾多了逗号
    [trailing-characters] 文档结尾之后还有字符
    [end-of-hex-escape] \u 转义意外结束
    [too-deep] 嵌套过深
   *[other] { $detail }
}（第 { $line } 行，第 { $column } 列）

format-sql-unsupported = 不支持：{ $what ->
    [arithmetic] 算术运算
    [comments] 注释
    [parameters] 参数
    [delimited-identifiers] 方括号分隔的标识符
    [quoted-identifiers] 引号中的标识符
    [scientific-notation] 科学记数法
    [property-in-in-list] IN 列表中的属性
    [like-pattern-not-string] 不是字符串常量的 LIKE 模式
    [escape] ESCAPE
    [functions] 函数
    [sys-in-action] 操作中的系统属性
    [property-right-of-set] SET 右侧的属性
   *[set-to-null] SET 为 NULL（属性不能为 null；请使用 REMOVE）
}（第 { $column } 列）
format-sql-expected = 应为 { $what ->
    [digit-before-dot] “.”之前的数字
    [digit-after-dot] “.”之后的数字
    [close-paren] “)”
    [open-paren-after-exists] EXISTS 之后的“(”
    [property-before-is] IS 之前的属性
    [null] NULL
    [operator] 运算符
    [open-paren-after-in] IN 之后的“(”
    [comma-or-close-paren] “,”或“)”
    [string-pattern-after-like] LIKE 之后的字符串模式
    [in-or-like-after-not] NOT 之后的 IN 或 LIKE
    [property-or-constant] 属性或常量
    [property] 属性
    [property-name-after-dot] “.”之后的属性名
    [predicate] 条件
    [open-paren-before-close] 此“)”之前的“(”
    [and-or-or-end] AND、OR 或筛选器结尾
    [set-or-remove] SET 或 REMOVE
    [equals] “=”
   *[semicolon-or-end] “;”或操作结尾
}（第 { $column } 列）
format-sql-unknown-system-property = 未知的系统属性 { $name }
format-sql-unknown-scope = 未知的作用域 { $scope }（应为 sys 或 user）（第 { $column } 列）
format-sql-unterminated-string = 字符串缺少结束引号（第 { $column } 列）
format-sql-unexpected-character = 意外的字符 { $char }（第 { $column } 列）
format-sql-number-out-of-range = 数字超出范围（第 { $column } 列）
format-sql-too-long = 超过 { $max } 个字符（代理的限制）
format-sql-too-deep = 嵌套深于 { $max } 层（第 { $column } 列）
