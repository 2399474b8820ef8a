#pragma once

#include <QString>

// "42 s", "3 min 12 s", "2 h 5 min": how long a record has been waiting.
QString ageText(qint64 ms);
