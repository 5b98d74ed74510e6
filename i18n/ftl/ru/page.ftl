# Страница песочницы: кнопки, подписи, заголовки, уведомления, справка.

lang-menu = Язык
lang-failed = Не удалось загрузить язык { $lang } ({ $why }); страница остаётся на языке { $current }.

# Виртуальное время в секундах ($t с тремя знаками после запятой): часы, журнал, временная шкала.
time-seconds = { $t } с

# Заголовок страницы и ход перехода к позиции из ссылки.
page-tagline = Наблюдайте за согласованием сообщений в действии: блокировки, повторная доставка, перемещение в очередь недоставленных сообщений.
page-presenter = Презентация
page-presenter-title = Режим презентации (F): сцена заполняет всё окно. Сочетания клавиш: Пробел — воспроизведение/пауза, → — шаг, ← — шаг назад, E — следующее истечение срока блокировки, R — перезапуск, + / − — скорость, F — полный экран.
page-controls = Управление
page-controls-title = Отправляйте, получайте и согласовывайте сообщения вручную (поверх сцены)
page-open-full = Открыть в Settle ↗
page-going-label = Переход к позиции
page-going = Переход к { $target } с … сейчас { $now } с
page-progress = Ход выполнения
page-stop-here = Остановиться здесь

# Уведомление рядом с областью, действие в которой его вызвало.
notice-dismiss = Закрыть

# Часы.
clock-label = Часы
clock-virtual = виртуальное
clock-real = реальное { $t } с
clock-real-title = Реальное время, в течение которого идут часы
clock-play = Пуск
clock-pause = Пауза
clock-step-back = Шаг назад
clock-step = Шаг
clock-next-expiry = Следующее истечение срока блокировки
clock-speed = Скорость
clock-nothing-scheduled = Ничто не произойдёт само по себе: отправьте или получите какое-нибудь сообщение.
clock-no-lock = Ни одна блокировка не удерживается, поэтому истечь нечему.

# Список уроков и ссылки, открытые в этой вкладке.
lessons-title = Уроки
lessons-summary = Уроки и сравнения бок о бок
lessons-side-by-side = Бок о бок
lessons-comparisons = Сравнения
lessons-loaded = Загружен урок «{ $title }».
lessons-link-failed = Эта ссылка не загружена: { $error }
lessons-link-opened = Открыт общий сценарий на отметке { $t } с.
lessons-link-scenario-failed = Сценарий из этой ссылки не загружен, ничего не изменилось: { $error }

# Панель встроенного сравнения ($side — подпись варианта).
compare-label = Сравнение
compare-difference = Различие
compare-show = Показать: { $side }
compare-show-title = Ваши элементы управления действуют на эту сторону

# Название и описание сценария с кнопкой перезапуска.
intro-label = Об этом сценарии
intro-restart = Перезапустить
intro-restart-title = Тот же сценарий заново с 0 с
intro-restarted = Перезапущено с 0 с.
lesson-run-through = Не останавливаться на подписях
lesson-run-through-title = Подписи с паузой не останавливают часы (для показа); адрес и ссылки из него это сохраняют

# Подпись урока и в конце — то, что он показал.
caption-lesson = Урок
caption-label = Подпись
caption-paused = Пауза: нажмите «Пуск», чтобы продолжить.
summary-title = Что вы увидели
summary-hide = Скрыть
summary-figures = Показатели

# Сцена; при сравнении бок о бок — другие варианты ($side — подпись варианта).
stage-label = Сцена
page-skip-stage = Перейти к сцене
page-skip-clients = Перейти к отправителям и получателям
stage-the-stage = Сцена
stage-own-note = здесь действуют ваши элементы управления
stage-canvas = Очередь в виде рисунка: отправители, очередь, получатели и очередь недоставленных сообщений. То же состояние приведено списком в разделе «Сообщения», и для каждого действия ниже есть кнопка.
stage-twin-canvas = Вариант «{ $side }» на тех же часах, только для просмотра: его сообщения перечислены рядом.
stage-twin-messages = Сообщения на сцене варианта «{ $side }»

# Сообщение на сцене другого варианта для средств чтения с экрана ($holder — получатель, который его удерживает).
twin-available = { $id }: доступно, число доставок { $count }
twin-available-by = { $id }: доступно, удерживается получателем { $holder }, число доставок { $count }
twin-locked = { $id }: заблокировано, число доставок { $count }
twin-locked-by = { $id }: заблокировано получателем { $holder }, число доставок { $count }
twin-deferred = { $id }: отложено, число доставок { $count }
twin-deferred-by = { $id }: отложено, удерживается получателем { $holder }, число доставок { $count }
twin-scheduled = { $id }: запланировано, число доставок { $count }
twin-scheduled-by = { $id }: запланировано, удерживается получателем { $holder }, число доставок { $count }
twin-dead-letter = { $id }: в очереди недоставленных сообщений, число доставок { $count }
twin-dead-letter-by = { $id }: в очереди недоставленных сообщений, удерживается получателем { $holder }, число доставок { $count }

# Временная шкала под сценой: легенда считает метки каждого вида; слова метки называют её
# моменты ($ids — первые идентификаторы сообщений).
timeline-label = Временная шкала
timeline-slider = Виртуальное время
timeline-position = { $now } с из { $end } с
timeline-markers = Метки временной шкалы
timeline-sends = { $n ->
    [one] { $n } отправка
    [few] { $n } отправки
    [many] { $n } отправок
   *[other] { $n } отправки
}
timeline-expiries = { $n ->
    [one] { $n } истечение срока блокировки
    [few] { $n } истечения срока блокировки
    [many] { $n } истечений срока блокировки
   *[other] { $n } истечения срока блокировки
}
timeline-abandons = { $n ->
    [one] { $n } вызов Abandon
    [few] { $n } вызова Abandon
    [many] { $n } вызовов Abandon
   *[other] { $n } вызова Abandon
}
timeline-dead-letters = { $n ->
    [one] { $n } перемещение в очередь недоставленных сообщений
    [few] { $n } перемещения в очередь недоставленных сообщений
    [many] { $n } перемещений в очередь недоставленных сообщений
   *[other] { $n } перемещения в очередь недоставленных сообщений
}
timeline-settlements = { $n ->
    [one] { $n } согласование
    [few] { $n } согласования
    [many] { $n } согласований
   *[other] { $n } согласования
}
timeline-sends-at = { $n ->
    [one] { $n } отправка в момент { $t } с: { $ids }
    [few] { $n } отправки в момент { $t } с: { $ids }
    [many] { $n } отправок в момент { $t } с: { $ids }
   *[other] { $n } отправки в момент { $t } с: { $ids }
}
timeline-expiries-at = { $n ->
    [one] { $n } истечение срока блокировки в момент { $t } с: { $ids }
    [few] { $n } истечения срока блокировки в момент { $t } с: { $ids }
    [many] { $n } истечений срока блокировки в момент { $t } с: { $ids }
   *[other] { $n } истечения срока блокировки в момент { $t } с: { $ids }
}
timeline-abandons-at = { $n ->
    [one] { $n } вызов Abandon в момент { $t } с: { $ids }
    [few] { $n } вызова Abandon в момент { $t } с: { $ids }
    [many] { $n } вызовов Abandon в момент { $t } с: { $ids }
   *[other] { $n } вызова Abandon в момент { $t } с: { $ids }
}
timeline-dead-letters-at = { $n ->
    [one] { $n } перемещение в очередь недоставленных сообщений в момент { $t } с: { $ids }
    [few] { $n } перемещения в очередь недоставленных сообщений в момент { $t } с: { $ids }
    [many] { $n } перемещений в очередь недоставленных сообщений в момент { $t } с: { $ids }
   *[other] { $n } перемещения в очередь недоставленных сообщений в момент { $t } с: { $ids }
}
timeline-settlements-at = { $n ->
    [one] { $n } согласование в момент { $t } с: { $ids }
    [few] { $n } согласования в момент { $t } с: { $ids }
    [many] { $n } согласований в момент { $t } с: { $ids }
   *[other] { $n } согласования в момент { $t } с: { $ids }
}
timeline-fork = { $n ->
    [one] Вы вернулись назад: ваше { $n } более позднее действие снова произойдёт с течением времени. Если сейчас что-нибудь сделать, история здесь разветвится: это действие будет отброшено, а «Экспорт» и «Поделиться ссылкой» сохранят новую ветвь.
    [few] Вы вернулись назад: ваши { $n } более поздних действия снова произойдут с течением времени. Если сейчас что-нибудь сделать, история здесь разветвится: эти действия будут отброшены, а «Экспорт» и «Поделиться ссылкой» сохранят новую ветвь.
    [many] Вы вернулись назад: ваши { $n } более поздних действий снова произойдут с течением времени. Если сейчас что-нибудь сделать, история здесь разветвится: эти действия будут отброшены, а «Экспорт» и «Поделиться ссылкой» сохранят новую ветвь.
   *[other] Вы вернулись назад: ваши { $n } более позднего действия снова произойдут с течением времени. Если сейчас что-нибудь сделать, история здесь разветвится: эти действия будут отброшены, а «Экспорт» и «Поделиться ссылкой» сохранят новую ветвь.
}

# Отправители и получатели ($name — имя клиента).
senders-label = Отправители
senders-add = Добавить отправителя
receivers-label = Получатели
receivers-add = Добавить получателя
client-activity = Активность клиента { $name }
client-remove = Удалить
session-id = Идентификатор сеанса

# Панель отправителя и её форма.
sender-title = Отправитель { $name }
sender-remove = Удалить отправителя { $name }
send-to = Куда (очередь или раздел)
send-id = Идентификатор сообщения
send-body = Текст сообщения
send-more = Ещё: TTL, сеанс, расписание, свойства
send-ttl = Срок жизни (мс)
send-none = нет
send-schedule = Запланировать через (мс от текущего момента)
send-now = отправить сейчас
send-properties = Свойства (ключ=значение, по одному на строку)
send-presettled = Предварительно согласованное (отправить и забыть: ответ никогда не придёт)
send-button = Отправить

# Панель получателя.
receiver-title = Получатель { $name }
receiver-remove = Удалить получателя { $name }
receiver-session = сеанс { $session }
receiver-session-lost = сеанс { $session } потерян
receiver-prefetched = предварительно выбрано: { $n }
receiver-from = Получает из
receiver-from-fixed = Клиент получает сообщения из одной очереди или подписки: этот источник закреплён тем, что клиент уже сделал
receiver-mode = Режим получения
receiver-peek-lock = PeekLock
receiver-receive-and-delete = ReceiveAndDelete
receiver-source = Получать из
receiver-from-queue = из очереди
receiver-from-subscription = из подписки
receiver-from-dlq = из очереди недоставленных сообщений
receiver-from-subscription-dlq = из очереди недоставленных сообщений подписки
receiver-receive = Получить
receiver-peek = Просмотреть
receiver-more-held = { $n ->
    [one] Ещё { $n } сообщение удерживается, но здесь не показано (на сцене видны все)
    [few] Ещё { $n } сообщения удерживаются, но здесь не показаны (на сцене видны все)
    [many] Ещё { $n } сообщений удерживаются, но здесь не показаны (на сцене видны все)
   *[other] Ещё { $n } сообщения удерживаются, но здесь не показаны (на сцене видны все)
}
receiver-deleted = Получено и удалено: { $list }
receiver-deleted-item = { $id } (пор. № { $seq }, доставка { $count })
receiver-peeked = Просмотрено: { $list }
receiver-peeked-item = { $id } (пор. № { $seq }, число доставок { $count })
receiver-more = Ещё: отложенные сообщения, сеансы, код причины, закрытие
receiver-deferred-seqs = Порядковые номера отложенных сообщений
receiver-deferred-placeholder = порядковый номер, например 3
receiver-receive-deferred = Получить отложенные
receiver-session-placeholder = идентификатор сеанса (пусто: следующий доступный)
receiver-accept-session = Принять сеанс
receiver-renew-session = Продлить блокировку сеанса
receiver-dl-reason = Код причины для DeadLetter
receiver-dl-description = Описание для DeadLetter
receiver-close = Закрыть
receiver-disconnect = Отключиться

# Сообщения, удерживаемые получателем, каждое с кнопками согласования (их же использует инспектор).
settle-complete = Complete
settle-abandon = Abandon
settle-dead-letter = DeadLetter
settle-defer = Defer
settle-renew-lock = RenewLock
held-list = Сообщения, удерживаемые получателем { $name }
held-row = { $id } (удерживается)
held-inspect = Проверить { $id }
held-meta = пор. № { $seq } · доставка { $count }
held-deferred = отложено
held-from-dlq = из очереди недоставленных сообщений
held-lock-left = Оставшееся время блокировки
held-dismiss = Убрать

# Инспектор сообщений.
inspector-label = Инспектор сообщений
inspector-title = Сообщение { $id }
inspector-close = Закрыть
inspector-settle = Согласовать выбранное сообщение
inspector-empty = Щёлкните или коснитесь сообщения на сцене (или его кнопки «Проверить»), чтобы увидеть все свойства, которые брокер хранит для него, и согласовать его.
inspector-app-props = Свойства приложения
inspector-no-props = Нет

# Журнал событий и карточка очереди.
log-label = Журнал событий
log-title = Почему: журнал событий
log-newest-first = сначала новые
log-earlier = { $n ->
    [one] { $n } более ранняя строка: будет показана, когда часы остановятся
    [few] { $n } более ранние строки: будут показаны, когда часы остановятся
    [many] { $n } более ранних строк: будут показаны, когда часы остановятся
   *[other] { $n } более ранней строки: будут показаны, когда часы остановятся
}
queue-label = Очередь
lane-more = + ещё { $n }

# Инструменты сценария: загрузка, экспорт, общий доступ, встраивание.
scenario-label = Сценарий
scenario-recorded = ваши действия записываются как шаги скрипта
scenario-preset = Предустановка
scenario-load-preset = Загрузить предустановку
scenario-own = Ваш собственный сценарий
scenario-copy-link = Копировать ссылку
scenario-export = Экспорт
scenario-share = Поделиться ссылкой
scenario-embed = Встроить
scenario-what-if = Что если…
scenario-open-file = Открыть файл…
scenario-share-field = Ссылка для общего доступа (сценарий и позиция)
scenario-embed-width-field = Ширина встраивания (пикс.)
scenario-embed-width = Ширина встраивания
scenario-embed-help = Встраивание в страницу документации (высота соответствует встроенному элементу при этой ширине; строка со скриптом необязательна: она подгоняет фрейм под более узкие страницы)
scenario-embed-snippet = Код для встраивания
# Заголовок встроенного фрейма во фрагменте кода.
scenario-embed-title = Settle: { $title }
scenario-exported = Экспортированный сценарий
scenario-download = Скачать { $name }
scenario-paste = Вставьте сценарий (JSON)
scenario-json = JSON сценария
scenario-load = Загрузить
scenario-loaded = Загружен сценарий «{ $title }».
scenario-loaded-at = Загружен сценарий «{ $title }» на отметке { $t } с, где он остановился. Кнопка «Перезапустить» воспроизведёт его с 0 с.
scenario-not-loaded = Не загружено, ничего не изменилось. { $error }
scenario-link-copied = Ссылка скопирована.
scenario-copy-failed = Не удалось скопировать: браузер этого не разрешил. Скопируйте ссылку ниже.
scenario-export-failed = Не удалось начать скачивание: скопируйте текст ниже.
scenario-file-unreadable = Не удалось прочитать этот файл.

# Файлы для скачивания, которые создаёт рабочий процесс artifacts ($kind — название кнопки,
# $name — имя файла).
download-group-picture = История в виде рисунка
download-group-code = Экспорт в виде кода
download-svg = SVG
download-svg-animated = Анимированный SVG
download-python = Python
download-typescript = TypeScript
download-busy = { $kind }…
download-saved = Скачано: { $name }.
download-not-started = Не удалось начать скачивание.
download-failed = Не удалось создать { $kind }: { $error }
download-helper-failed = Не удалось запустить помощник скачивания в этом браузере.

# Параметры очереди.
settings-label = Параметры очереди
settings-note = их изменение снимает все удерживаемые блокировки, как и в настоящем брокере
settings-lock = Длительность блокировки (мс, 5000–300000)
settings-mdc = MaxDeliveryCount
settings-ttl = TTL по умолчанию (мс, пусто = никогда)
settings-dup = Окно обнаружения повторяющихся сообщений (мс, пусто = выкл.)
settings-tier = Уровень
settings-tier-basic = Базовый
settings-tier-standard = Стандартный
settings-tier-premium = Премиум
settings-dl-expiration = Перемещать в очередь недоставленных сообщений по истечении срока действия
settings-sessions-on = Сеансы: включены (задаётся при создании очереди).
settings-sessions-off = Сеансы: выключены (задаётся при создании очереди; чтобы попробовать их, загрузите сценарий с requires_session).
settings-apply = Применить параметры
# Название поля в ошибке ($name) и ошибки.
settings-name-lock = длительность блокировки
settings-name-mdc = MaxDeliveryCount
settings-name-ttl = TTL по умолчанию
settings-name-dup = окно обнаружения повторяющихся сообщений
settings-not-whole = { $name }: «{ $value }» не является целым числом
settings-too-large = { $name }: слишком большое значение
