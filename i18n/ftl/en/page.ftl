# The playground's page: buttons, labels, headings, notices, the help.
# API and protocol names (Complete, PeekLock, MaxDeliveryCount, …) stay in English in every
# language; docs/glossary.md gives every other term.

lang-menu = Language
lang-failed = { $lang } could not be loaded ({ $why }); the page stays in { $current }.
