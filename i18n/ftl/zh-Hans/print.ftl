# Settle 在页面之外输出的内容：CLI 的课程与比较，以及 SVG 故事图。

## settle lesson
print-speed = 速度 { $speed }x
print-what-you-saw = 你看到了什么
print-pause = [暂停]

## settle compare
print-difference = 差异：{ $text }
print-holds = 成立
print-fails = 不成立
print-contradict = 运行结果与所述差异相矛盾
