# Co Settle tiskne mimo stránku: lekci a porovnání v CLI a příběh ve formátu SVG.

## settle lesson
print-speed = rychlost { $speed }×
print-what-you-saw = Co jste viděli
print-pause = [pauza]

## settle compare
print-difference = Rozdíl: { $text }
print-holds = platí
print-fails = NEPLATÍ
print-contradict = běhy odporují uvedenému rozdílu
