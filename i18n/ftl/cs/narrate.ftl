# Vysvětlení „proč“: jedna věta ke každé akci zprostředkovatele.

why-completed = { $by } dokončil { $id }: zpráva je z fronty trvale odebrána.
