#pragma once

#include <QByteArrayView>
#include <QString>

#include <optional>

// QJsonDocument keeps one of two members with the same name and says
// nothing, so a layout or rule file holding "key_prefix" twice would run
// with whichever Qt kept. Files people write are checked with
// this first: the path of the first member named twice in one object
// ("redis.key_prefix", "[2].scope"), or nothing. Names are compared after
// unescaping, as JSON means them ("a" and "\u0061" are the same name).
// Only for text QJsonDocument has accepted: it assumes valid syntax.
std::optional<QString> duplicateJsonKey(QByteArrayView json);
