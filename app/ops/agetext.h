#pragma once

#include <QString>

// "42 s", "3 min 12 s", "2 h 5 min", "2 d 2 h": how long a record has been
// waiting, and how long a cutoff or timeout is. The one age formatter: the
// In-flight tab, the wizards and idemctl's human output all say the same
// age the same way.
QString ageText(qint64 ms);
