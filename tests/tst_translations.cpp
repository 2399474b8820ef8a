// The zh_CN translation is complete: lupdate, run over the sources and include
// paths app/CMakeLists.txt translates (its list file), updates a temporary copy
// of translations/idem-console_zh_CN.ts — never the real one — and no message
// may come out unfinished, or obsolete/vanished (a translation whose source
// string is gone). The checker itself is tested on a scratch source first.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

class TestTranslations final : public QObject {
    Q_OBJECT

private:
    // Runs lupdate over inputs (files or @list files) into ts; "" on success.
    static QString runLupdate(const QStringList &inputs, const QString &ts)
    {
        QProcess lupdate;
        // No -no-obsolete: a translation whose source is gone must show up.
        lupdate.start(QStringLiteral(IDEM_LUPDATE),
                      QStringList{QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-silent")}
                          << inputs << QStringLiteral("-ts") << ts);
        if (!lupdate.waitForFinished(300000))
            return QStringLiteral("lupdate did not finish: ") + lupdate.errorString();
        if (lupdate.exitStatus() != QProcess::NormalExit || lupdate.exitCode() != 0)
            return QStringLiteral("lupdate failed (%1): %2")
                .arg(lupdate.exitCode())
                .arg(QString::fromLocal8Bit(lupdate.readAllStandardError()));
        return QString();
    }

    // "Context: source [type]" for every message whose translation is
    // unfinished, obsolete or vanished.
    static QStringList incompleteMessages(const QString &tsPath, QString *error)
    {
        QFile file(tsPath);
        if (!file.open(QIODevice::ReadOnly)) {
            *error = file.errorString();
            return {};
        }
        QStringList found;
        QXmlStreamReader xml(&file);
        QString context;
        QString source;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (xml.name() == QLatin1String("context")) {
                context.clear();
            } else if (xml.name() == QLatin1String("name") && context.isEmpty()) {
                context = xml.readElementText();
            } else if (xml.name() == QLatin1String("source")) {
                source = xml.readElementText();
            } else if (xml.name() == QLatin1String("translation")) {
                const QString type = xml.attributes().value(QLatin1String("type")).toString();
                if (type == QLatin1String("unfinished") || type == QLatin1String("obsolete") || type == QLatin1String("vanished"))
                    found << QStringLiteral("%1: \"%2\" [%3]").arg(context, source, type);
            }
        }
        if (xml.hasError())
            *error = QStringLiteral("%1 line %2: %3").arg(tsPath).arg(xml.lineNumber()).arg(xml.errorString());
        return found;
    }

    static bool writeFile(const QString &path, const QByteArray &content)
    {
        QFile file(path);
        return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(content) == content.size();
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(QStringLiteral(IDEM_LUPDATE)), IDEM_LUPDATE);
        QVERIFY2(QFile::exists(QStringLiteral(IDEM_LUPDATE_LST)), IDEM_LUPDATE_LST);
    }

    // The checker: a new string comes out unfinished, a removed one vanished.
    void checkerReportsNewAndRemovedStrings()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString ts = dir.filePath(QStringLiteral("scratch_zh_CN.ts"));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("scratch.cpp")),
                          "#include <QCoreApplication>\n"
                          "QString kept() { return QCoreApplication::translate(\"Scratch\", \"Kept\"); }\n"
                          "QString added() { return QCoreApplication::translate(\"Scratch\", \"Added\"); }\n"));
        QVERIFY(writeFile(ts, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE TS>\n<TS version=\"2.1\" language=\"zh_CN\">\n"
                              "<context><name>Scratch</name>\n"
                              "<message><source>Kept</source><translation>\xe4\xbf\x9d\xe7\x95\x99</translation></message>\n"
                              "<message><source>Removed</source><translation>\xe5\x88\xa0\xe9\x99\xa4</translation></message>\n"
                              "</context>\n</TS>\n"));
        const QString failure = runLupdate({dir.filePath(QStringLiteral("scratch.cpp"))}, ts);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QString error;
        QStringList found = incompleteMessages(ts, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        found.sort();
        QCOMPARE(found,
                 QStringList({QStringLiteral("Scratch: \"Added\" [unfinished]"), QStringLiteral("Scratch: \"Removed\" [vanished]")}));
    }

    void zhCnIsComplete()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString copy = dir.filePath(QStringLiteral("idem-console_zh_CN.ts"));
        QVERIFY(QFile::copy(QStringLiteral(IDEM_ZH_CN_TS), copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        const QString failure = runLupdate({QLatin1Char('@') + QStringLiteral(IDEM_LUPDATE_LST)}, copy);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QString error;
        const QStringList found = incompleteMessages(copy, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        // The whole list (QTest shortens a failure message), then the verdict.
        for (const QString &message : found)
            qInfo().noquote() << message;
        QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("%1 message(s) of %2 need translating: run the update_translations target, "
                                                            "then translate them (listed above)")
                                                 .arg(found.size())
                                                 .arg(QDir::toNativeSeparators(QStringLiteral(IDEM_ZH_CN_TS)))));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
