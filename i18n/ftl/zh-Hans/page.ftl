# 演练场页面：按钮、标签、标题、通知、帮助。

lang-menu = 语言
lang-failed = 无法加载 { $lang }（{ $why }）；页面保持为 { $current }。
