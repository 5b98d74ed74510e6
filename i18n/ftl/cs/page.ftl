# Stránka playgroundu: tlačítka, popisky, nadpisy, oznámení, nápověda.

lang-menu = Jazyk
lang-failed = Jazyk { $lang } se nepodařilo načíst ({ $why }); stránka zůstává v jazyce { $current }.
