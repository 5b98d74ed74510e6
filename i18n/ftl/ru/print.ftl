# Что Settle выводит вне страницы: урок и сравнение в CLI и историю в SVG.

## settle lesson
print-speed = скорость { $speed }×
print-what-you-saw = Что вы увидели
print-pause = [пауза]

## settle compare
print-difference = Разница: { $text }
print-holds = выполняется
print-fails = НЕ ВЫПОЛНЯЕТСЯ
print-contradict = прогоны противоречат заявленной разнице
