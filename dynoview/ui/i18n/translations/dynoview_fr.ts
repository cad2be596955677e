<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../window/about_dialog.py" line="+81"/>
        <source>About {APP_NAME}</source>
        <translation>À propos de {APP_NAME}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;h2 style=&apos;margin:0&apos;&gt;{APP_NAME} {version__}&lt;/h2&gt;&lt;p&gt;A desktop explorer for Amazon DynamoDB tables that hold uniqueness locks: browse, diagnose stuck signups, repair with previewed transactions.&lt;/p&gt;</source>
        <translation>&lt;h2 style=&apos;margin:0&apos;&gt;{APP_NAME} {version__}&lt;/h2&gt;&lt;p&gt;Un explorateur de bureau pour les tables Amazon DynamoDB qui portent des verrous d’unicité&#xa0;: parcourir, diagnostiquer les inscriptions bloquées, réparer par des transactions prévisualisées.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Licence</source>
        <translation>Licence</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Settings file</source>
        <translation>Fichier de paramètres</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy details</source>
        <translation>Copier les détails</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the versions above, e.g. for a bug report</source>
        <translation>Copier les versions ci-dessus, p. ex. pour un rapport de bogue</translation>
    </message>
</context>
<context>
    <name>ActionEditor</name>
    <message>
        <location filename="../../builder/editors.py" line="+105"/>
        <source>Key</source>
        <translation>Clé</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Item (typed attributes)</source>
        <translation>Item (attributs typés)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edit expressions as raw text</source>
        <translation>Modifier les expressions en texte brut</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return values on condition failure</source>
        <translation>Valeurs renvoyées si la condition échoue</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+5"/>
        <source>Update expression</source>
        <translation>Expression de mise à jour</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Add update step</source>
        <translation>Ajouter une étape</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SET #n0 = :v0 REMOVE #n1</source>
        <translation>SET #n0 = :v0 REMOVE #n1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Condition</source>
        <translation>Condition</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add condition</source>
        <translation>Ajouter une condition</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Condition expression</source>
        <translation>Expression de condition</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>ExpressionAttributeNames</source>
        <translation>ExpressionAttributeNames</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ExpressionAttributeValues (DynamoDB JSON)</source>
        <translation>ExpressionAttributeValues (JSON DynamoDB)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>attribute path, e.g. email or address.city</source>
        <translation>chemin d’attribut, p. ex. email ou address.city</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>SET forms: value, if_not_exists(path, value), list_append(path, value), path + value, path - value</source>
        <translation>Formes de SET&#xa0;: value, if_not_exists(path, value), list_append(path, value), path + value, path - value</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>value</source>
        <translation>valeur</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Update clause</source>
        <translation>Clause de mise à jour</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+17"/>
        <source>Attribute path</source>
        <translation>Chemin d’attribut</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>SET form</source>
        <translation>Forme de SET</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+17"/>
        <source>Value type</source>
        <translation>Type de valeur</translation>
    </message>
    <message>
        <location line="-17"/>
        <location line="+17"/>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>attribute path</source>
        <translation>chemin d’attribut</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>value (BETWEEN, IN: values separated by |)</source>
        <translation>valeur (BETWEEN, IN&#xa0;: valeurs séparées par |)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Join with</source>
        <translation>Joindre par</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Kept as raw text: {problem}</source>
        <translation>Gardé en texte brut&#xa0;: {problem}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Kept as raw text: {problem} Fix the text, or keep editing it as text.</source>
        <translation>Gardé en texte brut&#xa0;: {problem} Corrigez le texte, ou continuez à le modifier comme texte.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kept as raw text: no expression uses {placeholders}, and the rows would drop them. Remove them from the maps, or keep editing as text.</source>
        <translation>Gardé en texte brut&#xa0;: aucune expression n’utilise {placeholders}, et les lignes les perdraient. Retirez-les des tables de correspondance, ou continuez en texte.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kept as raw text: the rows cannot show these expressions exactly (rows are single conditions joined left to right, and update steps that each act on one attribute with one value). Keep editing them as text.</source>
        <translation>Gardé en texte brut&#xa0;: les lignes ne peuvent pas montrer ces expressions exactement (des conditions simples jointes de gauche à droite, et des étapes de mise à jour qui agissent chacune sur un attribut avec une valeur). Continuez à les modifier comme texte.</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>ExpressionAttributeNames is a JSON object such as {&quot;#n0&quot;: &quot;email&quot;}; fix the text.</source>
        <translation>ExpressionAttributeNames est un objet JSON tel que {&quot;#n0&quot;: &quot;email&quot;}&#xa0;; corrigez le texte.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>ExpressionAttributeValues is a JSON object such as {&quot;:v0&quot;: {&quot;S&quot;: &quot;x&quot;}}; fix the text.</source>
        <translation>ExpressionAttributeValues est un objet JSON tel que {&quot;:v0&quot;: {&quot;S&quot;: &quot;x&quot;}}&#xa0;; corrigez le texte.</translation>
    </message>
</context>
<context>
    <name>ActionListView</name>
    <message>
        <location filename="../../builder/action_list_view.py" line="+50"/>
        <source>Actions</source>
        <translation>Actions</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>No actions yet: Add action, a template (Templates) or a request (Import JSON…) starts a transaction.</source>
        <translation>Aucune action pour l’instant&#xa0;: Ajouter, un modèle (Modèles) ou une requête (Importer…) commence une transaction.</translation>
    </message>
</context>
<context>
    <name>ActionLogDialog</name>
    <message>
        <location filename="../../builder/dialogs.py" line="+192"/>
        <source>Action log</source>
        <translation>Journal</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{entries_count} transactions sent, logged in {path}</source>
        <translation>Transactions envoyées&#xa0;: {entries_count}, journalisées dans {path}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Transactions sent</source>
        <translation>Transactions envoyées</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Selected transaction</source>
        <translation>Transaction sélectionnée</translation>
    </message>
</context>
<context>
    <name>AfterWrites</name>
    <message numerus="yes">
        <location filename="../../locks/after_writes.py" line="+31"/>
        <source>Stale: a transaction wrote %Ln item(s) since this audit; re-run the audit. </source>
        <translation>
            <numerusform>Périmé&#xa0;: une transaction a écrit %Ln item depuis cet audit&#xa0;; relancez l’audit. </numerusform>
            <numerusform>Périmé&#xa0;: une transaction a écrit %Ln items depuis cet audit&#xa0;; relancez l’audit. </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>Stale: %Ln item(s) are not as this audit read them (a transaction was cancelled on them, or its preflight read them); re-run the audit. </source>
        <translation>
            <numerusform>Périmé&#xa0;: %Ln élément n’est plus tel que cet audit l’a lu (une transaction a été annulée sur lui, ou son contrôle préalable l’a lu)&#xa0;; relancez l’audit. </numerusform>
            <numerusform>Périmé&#xa0;: %Ln éléments ne sont plus tels que cet audit les a lus (une transaction a été annulée sur eux, ou son contrôle préalable les a lus)&#xa0;; relancez l’audit. </numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AppContext</name>
    <message>
        <location filename="../../context.py" line="+92"/>
        <location line="+124"/>
        <location filename="../../transfer/import_controller.py" line="+79"/>
        <source>the article&apos;s default layout</source>
        <translation>la disposition par défaut de l’article</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+11"/>
        <location filename="../../transfer/import_controller.py" line="-6"/>
        <source>saved for this connection and table</source>
        <extracomment>An import of this file into this table that stopped before its end (Resume continues it). The file as the preview checked it: the import writes only what is still the same. The uniqueness schema the preview found the lock rules by (the import&apos;s too), and how it was chosen, as a resume refused for another one names it. Where a refusal of the import is to be fixed (``DynoViewError.field``): said at that box.</extracomment>
        <translation>enregistré pour cette connexion et cette table</translation>
    </message>
    <message>
        <location line="-19"/>
        <location line="+19"/>
        <location filename="../../transfer/import_controller.py" line="+1"/>
        <source>not saved</source>
        <translation>non enregistré</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Schema not saved</source>
        <translation>Schéma non enregistré</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The uniqueness schema of {table} could not be saved in {folder} ({error}). It is used until DynoView closes. To keep it, make that folder writable (or free space on its disk), then open Edit schema… and save it again.</source>
        <translation>Le schéma d’unicité de {table} n’a pas pu être enregistré dans {folder} ({error}). Il est utilisé jusqu’à la fermeture de DynoView. Pour le garder, rendez ce dossier accessible en écriture (ou libérez de la place sur son disque), puis ouvrez Schéma… et enregistrez-le de nouveau.</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>(reported by the {value} error handler)</source>
        <translation>(signalé par le gestionnaire d’erreurs {value})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unexpected error</source>
        <translation>Erreur inattendue</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{value} stopped on an unexpected error ({type}); the error report window has the details.</source>
        <translation>{value} s’est arrêté sur une erreur inattendue ({type})&#xa0;; la fenêtre du rapport d’erreur donne les détails.</translation>
    </message>
</context>
<context>
    <name>AttributeNode</name>
    <message>
        <location filename="../../items/detail.py" line="+183"/>
        <source>… {count} more</source>
        <translation>… {count} de plus</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>expand to show them</source>
        <translation>déplier pour les afficher</translation>
    </message>
</context>
<context>
    <name>AttributeTable</name>
    <message>
        <location filename="../../builder/fields.py" line="+99"/>
        <source>{capitalize} attributes</source>
        <translation>Attributs {capitalize}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add attribute</source>
        <translation>Ajouter un attribut</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B from file…</source>
        <translation>B depuis un fichier…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the selected row&apos;s binary value from a file.</source>
        <translation>Charger la valeur binaire de la ligne sélectionnée depuis un fichier.</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Load binary value</source>
        <translation>Charger une valeur binaire</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Row {value} has no attribute name; type one or remove the row.</source>
        <translation>La ligne {value} n’a pas de nom d’attribut&#xa0;; saisissez-en un ou retirez la ligne.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row {value}&apos;s attribute name is only spaces; type a name or remove the row.</source>
        <translation>Le nom d’attribut de la ligne {value} n’est fait que d’espaces&#xa0;; saisissez un nom ou retirez la ligne.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Rows {first} and {row} both name the attribute {name}; an item holds each attribute once, so one of the values would be lost. Rename or remove one of the rows.</source>
        <translation>Les lignes {first} et {row} nomment toutes deux l’attribut {name}&#xa0;; un item ne porte chaque attribut qu’une fois, l’une des valeurs serait donc perdue. Renommez ou retirez l’une des lignes.</translation>
    </message>
</context>
<context>
    <name>AuditBar</name>
    <message>
        <location filename="../../locks/layout.py" line="+77"/>
        <source>Run full audit</source>
        <translation>Audit complet</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Live</source>
        <translation>En direct</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live mode</source>
        <translation>Mode direct</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Segments: </source>
        <translation>Segments&#xa0;: </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallel Scan segments (Segment/TotalSegments).</source>
        <translation>Segments du Scan parallèle (Segment/TotalSegments).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Audit segments</source>
        <translation>Segments de l’audit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallel Scan segments of the full audit</source>
        <translation>Segments du Scan parallèle de l’audit complet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Strongly consistent</source>
        <translation>Cohérence forte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Strong reads cost twice the read capacity of eventual reads.</source>
        <translation>Une lecture forte coûte deux fois la capacité de lecture d’une lecture à terme.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>3,000,000 of ~3,000,000 · 16/16 segments</source>
        <translation>3 000 000 sur ~3 000 000 · 16/16 segments</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Repair all…</source>
        <translation>Tout réparer…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Release every orphan lock and claim every missing lock the audit found, each re-checked and guarded; the rest is listed for a decision</source>
        <translation>Libérer chaque verrou orphelin et poser chaque verrou manquant trouvés par l’audit, chacun revérifié et protégé&#xa0;; le reste est listé pour décision</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Edit schema…</source>
        <translation>Schéma…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Detect from sample</source>
        <translation>Détecter le schéma</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read {DETECT_SAMPLE} items and propose a schema to confirm.</source>
        <translation>Lire {DETECT_SAMPLE} items et proposer un schéma à confirmer.</translation>
    </message>
</context>
<context>
    <name>AuditRowsModel</name>
    <message>
        <location filename="../../locks/model.py" line="+362"/>
        <source>Account</source>
        <translation>Compte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{rule} lock</source>
        <translation>verrou {rule}</translation>
    </message>
</context>
<context>
    <name>BarChart</name>
    <message>
        <location filename="../../scans/bar_chart.py" line="+122"/>
        <source>No data</source>
        <translation>Aucune donnée</translation>
    </message>
    <message>
        <location line="+184"/>
        <source>↑ {label} (far above the axis)</source>
        <translation>↑ {label} (hors échelle)</translation>
    </message>
</context>
<context>
    <name>BrowseController</name>
    <message>
        <location filename="../../items/controller.py" line="+151"/>
        <source>Connect and pick a table first.</source>
        <translation>Connectez-vous et choisissez d’abord une table.</translation>
    </message>
    <message numerus="yes">
        <location line="+198"/>
        <source>%Ln item(s) shown</source>
        <translation>
            <numerusform>%Ln item affiché</numerusform>
            <numerusform>%Ln items affichés</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{hidden_count} expired hidden</source>
        <translation>{hidden_count} expiré(s) masqué(s)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{scanned_total} read to find them</source>
        <translation>{scanned_total} lus pour les trouver</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>stopped before the end, more available (Ctrl+L)</source>
        <translation>arrêtée avant la fin, suite disponible (Ctrl+L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>end of table</source>
        <translation>fin de table</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>more available (scroll or Ctrl+L)</source>
        <translation>suite disponible (défiler ou Ctrl+L)</translation>
    </message>
</context>
<context>
    <name>BuilderDrafts</name>
    <message>
        <location filename="../../builder/drafts_view.py" line="+349"/>
        <source>Load template</source>
        <translation>Charger un modèle</translation>
    </message>
    <message>
        <location line="-194"/>
        <source>The builder&apos;s work could not be saved to {current_path} ({exc}); it is kept in the window, but would be lost if DynoView quit now.</source>
        <translation>Le travail du générateur n’a pas pu être enregistré dans {current_path} ({exc})&#xa0;; il reste dans la fenêtre, mais serait perdu si DynoView quittait maintenant.</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>its request cannot be opened: {problems}</source>
        <translation>sa requête ne peut pas être ouverte&#xa0;: {problems}</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Restored {describe} from your last session (saved {strftime}).</source>
        <translation>Restauré depuis votre dernière session (enregistré {strftime})&#xa0;: {describe}.</translation>
    </message>
    <message>
        <location line="-156"/>
        <source>an unknown time</source>
        <translation>une heure inconnue</translation>
    </message>
    <message numerus="yes">
        <location line="+182"/>
        <source>Not restored: the transaction your last session left in the builder (%n action(s)) was already applied at {when} (token {token}, in the action log). Executing it again would write it a second time; Action log shows its request.</source>
        <translation>
            <numerusform>Non restaurée&#xa0;: la transaction que votre dernière session a laissée dans le générateur (%n action) a déjà été appliquée le {when} (jeton {token}, dans le journal des actions). L’exécuter de nouveau l’écrirait une seconde fois&#xa0;; Journal montre sa requête.</numerusform>
            <numerusform>Non restaurée&#xa0;: la transaction que votre dernière session a laissée dans le générateur (%n actions) a déjà été appliquée le {when} (jeton {token}, dans le journal des actions). L’exécuter de nouveau l’écrirait une seconde fois&#xa0;; Journal montre sa requête.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The builder&apos;s work from your last session</source>
        <translation>Le travail du générateur de votre dernière session</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{what} could not be shown ({reason}), so it was not restored.</source>
        <translation>{what} n’a pas pu être affiché ({reason}), il n’a donc pas été restauré.</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>Other windows left unsent work too: kept as %n named draft(s) ({names}); open them with Drafts → Open draft…</source>
        <translation>
            <numerusform>D’autres fenêtres ont aussi laissé du travail non envoyé&#xa0;: gardé comme %Ln brouillon nommé ({names})&#xa0;; ouvrez-le par Brouillons → Ouvrir un brouillon…</numerusform>
            <numerusform>D’autres fenêtres ont aussi laissé du travail non envoyé&#xa0;: gardé comme %Ln brouillons nommés ({names})&#xa0;; ouvrez-les par Brouillons → Ouvrir un brouillon…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Discard restored work</source>
        <translation>Abandonner le travail restauré</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>Import cancelled: the builder&apos;s actions are as they were.</source>
        <translation>Import annulé&#xa0;: les actions du générateur sont inchangées.</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Import JSON</source>
        <translation>Importer du JSON</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>Your last session sent this transaction and its outcome is not known: it may have been written. It was sent at {when} (token {token}). Execute sends it again under the same token, which DynamoDB applies at most once within 10 minutes of its first send: check the items first.</source>
        <translation>Votre dernière session a envoyé cette transaction et son issue n’est pas connue : elle a peut-être été écrite. Elle a été envoyée à {when} (jeton {token}). Exécuter la renvoie sous le même jeton, que DynamoDB n’applique qu’une fois dans les 10 minutes suivant son premier envoi : vérifiez d’abord les éléments.</translation>
    </message>
    <message>
        <location line="-179"/>
        <source>This draft&apos;s transaction was already applied at {when} (token {token}, in the action log): executing it again would write it a second time.</source>
        <translation>La transaction de ce brouillon a déjà été appliquée le {when} (jeton {token}, dans le journal des actions)&#xa0;: l’exécuter de nouveau l’écrirait une seconde fois.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This draft&apos;s transaction was sent at {when} (token {token}) and its outcome is not known: it may have been written. Check the items first: Execute sends it again under the same token, which DynamoDB applies at most once within 10 minutes of its first send.</source>
        <translation>La transaction de ce brouillon a été envoyée le {when} (jeton {token}) et son issue n’est pas connue&#xa0;: elle a peut-être été écrite. Vérifiez d’abord les items&#xa0;: Exécuter la renvoie sous le même jeton, que DynamoDB n’applique qu’une fois dans les 10 minutes suivant son premier envoi.</translation>
    </message>
    <message>
        <location line="+325"/>
        <source>Not opened: the builder&apos;s actions are as they were. The new transaction could not be kept as a draft ({exc}): open it again from where it came.</source>
        <translation>Non ouverte&#xa0;: les actions du générateur sont inchangées. La nouvelle transaction n’a pas pu être gardée comme brouillon ({exc})&#xa0;: rouvrez-la depuis son origine.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not opened: the builder&apos;s actions are as they were, and the new transaction is kept as the draft “{name}” (Drafts → Open draft…).</source>
        <translation>Non ouverte&#xa0;: les actions du générateur sont inchangées, et la nouvelle transaction est gardée comme brouillon «&#xa0;{name}&#xa0;» (Brouillons → Ouvrir un brouillon…).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Draft {strftime}</source>
        <translation>Brouillon {strftime}</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Saved the draft “{name}”: %Ln action(s). Open it again with Drafts → Open draft…</source>
        <translation>
            <numerusform>Brouillon «&#xa0;{name}&#xa0;» enregistré&#xa0;: %Ln action. Rouvrez-le par Brouillons → Ouvrir un brouillon…</numerusform>
            <numerusform>Brouillon «&#xa0;{name}&#xa0;» enregistré&#xa0;: %Ln actions. Rouvrez-le par Brouillons → Ouvrir un brouillon…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Open draft “{name}”</source>
        <translation>Ouvrir le brouillon «&#xa0;{name}&#xa0;»</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Opened the draft “{name}”: %Ln action(s). Ctrl+Z brings back what the builder held.</source>
        <translation>
            <numerusform>Brouillon «&#xa0;{name}&#xa0;» ouvert&#xa0;: %Ln action. Ctrl+Z rétablit le contenu précédent du générateur.</numerusform>
            <numerusform>Brouillon «&#xa0;{name}&#xa0;» ouvert&#xa0;: %Ln actions. Ctrl+Z rétablit le contenu précédent du générateur.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Drafts</source>
        <translation>Brouillons</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drafts: save the builder&apos;s work under a name, open a saved draft, undo or redo an edit</source>
        <translation>Brouillons&#xa0;: enregistrer le travail du générateur sous un nom, ouvrir un brouillon, annuler ou rétablir une modification</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save draft as…</source>
        <translation>Enregistrer le brouillon sous…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open draft…</source>
        <translation>Ouvrir un brouillon…</translation>
    </message>
</context>
<context>
    <name>BuilderPanel</name>
    <message>
        <location filename="../../builder/panel.py" line="+231"/>
        <source>The request could not be opened: </source>
        <extracomment>What each Delete of a shown item held: given back to it after Ctrl+Z or a draft, whose request JSON does not carry it (core/tx/seen_names.py).</extracomment>
        <translation>Impossible d’ouvrir la requête&#xa0;: </translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Connect to DynamoDB first: there is no connection to send to.</source>
        <translation>Connectez-vous d’abord à DynamoDB&#xa0;: aucune connexion où envoyer.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This connection is read-only: transactions cannot be executed. Reconnect without read-only to write.</source>
        <translation>Cette connexion est en lecture seule&#xa0;: impossible d’exécuter des transactions. Reconnectez-vous sans lecture seule pour écrire.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add an action first.</source>
        <translation>Ajoutez d’abord une action.</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+33"/>
        <source>Fix the problems listed first: nothing is sent while the transaction has errors.</source>
        <translation>Corrigez d’abord les problèmes listés&#xa0;: rien n’est envoyé tant que la transaction a des erreurs.</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>The transaction is being executed.</source>
        <translation>La transaction est en cours d’exécution.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Connect and fix the problems listed first: the preflight reads the live table.</source>
        <translation>Connectez-vous et corrigez d’abord les problèmes listés&#xa0;: la vérification préalable lit la table réelle.</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>The preflight could not read the table; nothing was sent.</source>
        <translation>La vérification préalable n’a pas pu lire la table&#xa0;; rien n’a été envoyé.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Added {guarded_count} guard(s); the preview shows the exact request. Execute checks the preflight again.</source>
        <translation>{guarded_count} garde(s) ajoutée(s)&#xa0;; l’aperçu montre la requête exacte. Exécuter refait la vérification préalable.</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Export as {EXPORT_TITLES}</source>
        <translation>Exporter en {EXPORT_TITLES}</translation>
    </message>
</context>
<context>
    <name>BuilderToolbar</name>
    <message>
        <location filename="../../builder/toolbar.py" line="+56"/>
        <source>Add action</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Add a Put, Update, Delete or ConditionCheck at the end</source>
        <translation>Ajouter un Put, Update, Delete ou ConditionCheck à la fin</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove the selected action</source>
        <translation>Retirer l’action sélectionnée</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up</source>
        <translation>Monter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the action up (Ctrl+Up); cancellation reasons follow action order</source>
        <translation>Monter l’action (Ctrl+Up)&#xa0;; les motifs d’annulation suivent l’ordre des actions</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move the action down (Ctrl+Down)</source>
        <translation>Descendre l’action (Ctrl+Down)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Down</source>
        <translation>Descendre</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Templates</source>
        <translation>Modèles</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sign-up, change email and the repairs, for the selected account or lock</source>
        <translation>Inscription, changement d’e-mail et réparations, pour le compte ou le verrou sélectionné</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import JSON…</source>
        <translation>Importer…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Replace the actions with a pasted TransactWriteItems request</source>
        <translation>Remplacer les actions par une requête TransactWriteItems collée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The request as boto3, AWS CLI or JavaScript code</source>
        <translation>La requête en code boto3, AWS CLI ou JavaScript</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Action log</source>
        <translation>Journal</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Every transaction sent from here, with its outcome</source>
        <translation>Chaque transaction envoyée d’ici, avec son résultat</translation>
    </message>
</context>
<context>
    <name>BuilderUndo</name>
    <message>
        <location filename="../../builder/undo.py" line="+140"/>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last edit of the transaction</source>
        <translation>Annuler la dernière modification de la transaction</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redo the edit undone last</source>
        <translation>Rétablir la dernière modification annulée</translation>
    </message>
</context>
<context>
    <name>COUNTS</name>
    <message numerus="yes">
        <location filename="../../counts.py" line="+18"/>
        <source>%Ln item(s) written by the builder (is|are) not on this page: run the read again to see (it|them)</source>
        <translation>
            <numerusform>%Ln item écrit par le générateur n’est pas sur cette page&#xa0;: relancez la lecture pour le voir</numerusform>
            <numerusform>%Ln items écrits par le générateur ne sont pas sur cette page&#xa0;: relancez la lecture pour les voir</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CancelConnectButton</name>
    <message>
        <location filename="../../window/status_bar.py" line="+32"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel connecting</source>
        <translation>Annuler la connexion</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop connecting (a credential_process still running is ended)</source>
        <translation>Arrêter la connexion (un credential_process encore en cours est arrêté)</translation>
    </message>
</context>
<context>
    <name>CapacityPanel</name>
    <message>
        <location filename="../../scans/capacity_panel.py" line="+88"/>
        <source>Scan a sample to see item-collection sizes and partition keys.</source>
        <translation>Scannez un échantillon pour voir la taille des collections d’items et les clés de partition.</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+35"/>
        <source>Item collections, largest first</source>
        <translation>Plus grandes collections</translation>
    </message>
    <message>
        <location line="-34"/>
        <location line="+227"/>
        <source>What the sample cost</source>
        <translation>Coût de l’échantillon</translation>
    </message>
    <message>
        <location line="-208"/>
        <source>Sample up to </source>
        <translation>Échantillon jusqu’à </translation>
    </message>
    <message>
        <location line="+1"/>
        <source> items</source>
        <translation> éléments</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items to sample</source>
        <translation>Items à échantillonner</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A bounded, eventually consistent Scan; every page leaves a read receipt</source>
        <translation>Un Scan borné, à cohérence à terme&#xa0;; chaque page laisse un reçu de lecture</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scan sample</source>
        <translation>Scanner l’échantillon</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>collection size</source>
        <translation>taille</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>partition key (largest first)</source>
        <translation>clé de partition (plus grandes d’abord)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scan a sample to see collection sizes.</source>
        <translation>Scannez un échantillon pour voir la taille des collections.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>partition keys</source>
        <translation>clés</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>items per partition key</source>
        <translation>items par clé de partition</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan a sample to see how items spread over keys.</source>
        <translation>Scannez un échantillon pour voir la répartition des items sur les clés.</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+164"/>
        <source>What the sample cost, per page</source>
        <translation>Coût de l’échantillon, par page</translation>
    </message>
    <message>
        <location line="-163"/>
        <source>Page</source>
        <translation>Page</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Items</source>
        <translation>Items</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bytes returned</source>
        <translation>Octets renvoyés</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reported by DynamoDB</source>
        <translation>Annoncé par DynamoDB</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>DynoView estimate</source>
        <translation>Estimation DynoView</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Each Scan page is billed on the total size of the items it read, rounded up to 4 KB, halved for eventually consistent reads.</source>
        <translation>Chaque page de Scan est facturée sur la taille totale des items lus, arrondie aux 4 Ko supérieurs, divisée par deux en cohérence à terme.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Open a table to see its partitions.</source>
        <translation>Ouvrez une table pour voir ses partitions.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Scan a sample of {name} to see item-collection sizes and how items spread over partition keys.</source>
        <translation>Scannez un échantillon de {name} pour voir la taille des collections d’items et la répartition des items sur les clés de partition.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Scanning up to {value} items of {name}…</source>
        <translation>Scan de {value} items au plus de {name}…</translation>
    </message>
    <message numerus="yes">
        <location line="+23"/>
        <source>Sizing the item collections of %Ln item(s)…</source>
        <translation>
            <numerusform>Mesure des collections d’éléments de %Ln élément…</numerusform>
            <numerusform>Mesure des collections d’éléments de %Ln éléments…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+18"/>
        <source> Largest item: {key_text}, {human_bytes} ({share_text} of the 400 KB item limit).</source>
        <translation> Plus grand item&#xa0;: {key_text}, {human_bytes} ({share_text} de la limite de 400 Ko par item).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Likely hot: </source>
        <translation>Probablement chaudes&#xa0;: </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Too few items to call a partition key hot: it takes at least {count}.</source>
        <translation>Trop peu d’éléments pour dire qu’une clé de partition est chaude&#xa0;: il en faut au moins {count}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No partition key stands out in this table: items spread evenly enough over keys.</source>
        <translation>Aucune clé de partition ne se distingue dans cette table&#xa0;: les éléments se répartissent assez également entre les clés.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No partition key stands out in this sample: items spread evenly enough over keys.</source>
        <translation>Aucune clé de partition ne se détache dans cet échantillon&#xa0;: les items sont assez bien répartis.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source> ({share_text} of the 10 GB limit)</source>
        <translation> ({share_text} de la limite de 10 Go)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
Likely hot</source>
        <translation>
Probablement chaudes</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>largest {bars_count} of {key_count}</source>
        <translation>{bars_count} plus grandes sur {key_count}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>all</source>
        <comment>every item collection is shown</comment>
        <translation>toutes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item-collection sizes ({shown})</source>
        <translation>Taille des collections ({shown})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>10 GB item-collection limit (LSI)</source>
        <translation>Limite de 10 Go par collection (LSI)</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%Ln partition key(s) (holds|hold) {items} each</source>
        <translation>
            <numerusform>%Ln clé de partition contient {items}</numerusform>
            <numerusform>%Ln clés de partition contiennent {items} chacune</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 item</source>
        <translation>1 item</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{label} items</source>
        <translation>{label} items</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How many items each partition key holds</source>
        <translation>Nombre d’items par clé de partition</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+6"/>
        <source>not reported</source>
        <translation>non communiqué</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>What the scan cost</source>
        <translation>Ce qu’a coûté le scan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What the scan cost, per page</source>
        <translation>Ce qu’a coûté le scan, par page</translation>
    </message>
</context>
<context>
    <name>CellEditor</name>
    <message>
        <location filename="../../items/cell_editor.py" line="+81"/>
        <source>Type</source>
        <extracomment>QLineEdit&apos;s longest text: its default, 32,767, cut longer values silently (a 400 KB string fits). Characters of S or B text past which the value opens in a multi-line editor, not on a line.</extracomment>
        <translation>Type</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+3"/>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NULL (no value)</source>
        <translation>NULL (aucune valeur)</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The value&apos;s type (Shift+Tab from the value)</source>
        <translation>Le type de la valeur (Maj+Tab depuis la valeur)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>value of {name}</source>
        <translation>valeur de {name}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit {name}</source>
        <translation>Modifier {name}</translation>
    </message>
</context>
<context>
    <name>CellEdits</name>
    <message>
        <location filename="../../items/cell_edits.py" line="+125"/>
        <source>Pick a cell to edit first.</source>
        <translation>Choisissez d’abord une cellule à modifier.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The TTL status is worked out by DynoView, not stored: edit the TTL attribute {name} instead.</source>
        <translation>L’état TTL est calculé par DynoView, pas stocké&#xa0;: modifiez plutôt l’attribut TTL {name}.</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>Edit {name} in place (F2)</source>
        <translation>Modifier {name} sur place (F2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit cell in place (F2)</source>
        <translation>Modifier la cellule sur place (F2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stage removal of {name}</source>
        <translation>Préparer le retrait de {name}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stage removal of the attribute</source>
        <translation>Préparer le retrait de l’attribut</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edit as JSON…</source>
        <translation>Modifier en JSON…</translation>
    </message>
</context>
<context>
    <name>CellStaging</name>
    <message>
        <location filename="../../items/staging.py" line="+125"/>
        <source>Connect first: edits are staged for a connection and a table.</source>
        <translation>Connectez-vous d’abord&#xa0;: les modifications sont préparées pour une connexion et une table.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This connection is read-only: cells cannot be edited. Reconnect without read-only to stage changes.</source>
        <translation>Cette connexion est en lecture seule&#xa0;: impossible de modifier les cellules. Reconnectez-vous sans lecture seule pour préparer des modifications.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Pick a table first.</source>
        <translation>Choisissez d’abord une table.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Staged {change}: nothing is written until Review and send…</source>
        <translation>Modification de {change} préparée&#xa0;: rien n’est écrit avant Vérifier et envoyer…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The cell holds the value read: nothing staged for it.</source>
        <translation>La cellule contient la valeur lue&#xa0;: rien de préparé pour elle.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Discarded (Ctrl+Z brings it back).</source>
        <translation>Abandonné (Ctrl+Z le rétablit).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Every staged change was discarded (Ctrl+Z brings them back).</source>
        <translation>Toutes les modifications préparées ont été abandonnées (Ctrl+Z les rétablit).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Undone: the staged changes are as they were before.</source>
        <translation>Annulé&#xa0;: les modifications préparées sont revenues à leur état précédent.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing staged to undo.</source>
        <translation>Aucune modification préparée à annuler.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>These changes were staged on the connection {name}: connect to it to send them, or discard them.</source>
        <translation>Ces modifications ont été préparées sur la connexion {name}&#xa0;: connectez-vous-y pour les envoyer, ou abandonnez-les.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nothing is staged: edit a cell first (F2 or a double click).</source>
        <translation>Rien n’est préparé&#xa0;: modifiez d’abord une cellule (F2 ou double-clic).</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>The builder shows the transaction of %n staged change(s): check the preview and the preflight, then Execute. The staged cells clear once it is written.</source>
        <translation>
            <numerusform>Le générateur affiche la transaction de %n modification préparée&#xa0;: vérifiez l’aperçu et la vérification préalable, puis exécutez. Les cellules préparées s’effacent une fois écrites.</numerusform>
            <numerusform>Le générateur affiche la transaction de %n modifications préparées&#xa0;: vérifiez l’aperçu et la vérification préalable, puis exécutez. Les cellules préparées s’effacent une fois écrites.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+35"/>
        <source>Written: the staged changes of %n item(s) are in the table now.</source>
        <translation>
            <numerusform>Écrit&#xa0;: les modifications préparées de %n item sont maintenant dans la table.</numerusform>
            <numerusform>Écrit&#xa0;: les modifications préparées de %n items sont maintenant dans la table.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+43"/>
        <source>The staged changes could not be kept for the next start ({reason}): they stay staged in this session only, and closing the window asks first.</source>
        <translation>Les modifications préparées n’ont pas pu être conservées pour le prochain démarrage ({reason})&#xa0;: elles restent préparées dans cette session seulement, et la fermeture de la fenêtre demande d’abord.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The staged changes could not be kept for the next start ({reason}); they stay staged in this session.</source>
        <translation>Les modifications préparées n’ont pas pu être conservées pour le prochain démarrage ({reason})&#xa0;; elles restent préparées dans cette session.</translation>
    </message>
    <message numerus="yes">
        <location line="+27"/>
        <source>%n change(s) staged in an earlier window (opened {opened}, last change {saved}) on the connection {name}, restored.</source>
        <translation>
            <numerusform>%Ln modification préparée dans une fenêtre précédente (ouverte à {opened}, dernière modification à {saved}) sur la connexion {name}, restaurée.</numerusform>
            <numerusform>%Ln modifications préparées dans une fenêtre précédente (ouverte à {opened}, dernière modification à {saved}) sur la connexion {name}, restaurées.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n change(s) staged in an earlier window (last change {saved}) on the connection {name}, restored.</source>
        <translation>
            <numerusform>%Ln modification préparée dans une fenêtre précédente (dernière modification à {saved}) sur la connexion {name}, restaurée.</numerusform>
            <numerusform>%Ln modifications préparées dans une fenêtre précédente (dernière modification à {saved}) sur la connexion {name}, restaurées.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n change(s) staged on the connection {name} in an earlier window (last change {saved}) are kept for when you connect to it.</source>
        <translation>
            <numerusform>%Ln modification préparée sur la connexion {name} dans une fenêtre précédente (dernière modification à {saved}) est gardée pour quand vous vous y connecterez.</numerusform>
            <numerusform>%Ln modifications préparées sur la connexion {name} dans une fenêtre précédente (dernière modification à {saved}) sont gardées pour quand vous vous y connecterez.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n change(s) staged in an earlier window (last change {saved}) give other values to the same cells: they are kept, and restored when you connect again with these sent or discarded.</source>
        <translation>
            <numerusform>%Ln modification préparée dans une fenêtre précédente (dernière modification à {saved}) donne d’autres valeurs aux mêmes cellules&#xa0;: elle est gardée, et restaurée quand vous vous reconnecterez une fois celles-ci envoyées ou abandonnées.</numerusform>
            <numerusform>%Ln modifications préparées dans une fenêtre précédente (dernière modification à {saved}) donnent d’autres valeurs aux mêmes cellules&#xa0;: elles sont gardées, et restaurées quand vous vous reconnecterez une fois celles-ci envoyées ou abandonnées.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChangeValueForm</name>
    <message>
        <location filename="../../builder/template_forms.py" line="+186"/>
        <source>Change {name} of {who}</source>
        <translation>Changer {name} de {who}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Moves the {name} and its lock together, in one transaction: the new lock is Put only where none exists (a taken value cancels everything), the old lock is released, and the account is updated only while it still holds {value}.</source>
        <translation>Déplace la valeur {name} et son verrou ensemble, en une transaction&#xa0;: le nouveau verrou n’est posé (Put) que s’il n’existe pas (une valeur prise annule tout), l’ancien verrou est libéré, et le compte n’est mis à jour que s’il contient encore {value}.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Account</source>
        <translation>Compte</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Current {name}</source>
        <translation>{name} actuel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the new {name}</source>
        <translation>nouveau {name}</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source>New {name}</source>
        <translation>Nouveau {name}</translation>
    </message>
</context>
<context>
    <name>ClaimLockForm</name>
    <message>
        <location filename="../../builder/lock_forms.py" line="+57"/>
        <source>Claim the {name} lock of {who}</source>
        <translation>Poser le verrou {name} de {who}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Account</source>
        <translation>Compte</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The account has no {name}: there is no lock to claim.</source>
        <translation>Le compte n’a pas de {name}&#xa0;: aucun verrou à poser.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lock to write</source>
        <translation>Verrou à écrire</translation>
    </message>
</context>
<context>
    <name>CodeActions</name>
    <message>
        <location filename="../../codegen/code_actions.py" line="+49"/>
        <source>&amp;Copy</source>
        <translation>&amp;Copier</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save…</source>
        <translation>&amp;Enregistrer…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Copied the {TITLES} code.</source>
        <translation>Code {TITLES} copié.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save the {TITLES} code</source>
        <translation>Enregistrer le code {TITLES}</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Could not save {path}: {value}. Choose another folder or file name.</source>
        <translation>Impossible d’enregistrer {path}&#xa0;: {value}. Choisissez un autre dossier ou nom de fichier.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved the {TITLES} code to {path}.</source>
        <translation>Code {TITLES} enregistré dans {path}.</translation>
    </message>
</context>
<context>
    <name>CodeExportDialog</name>
    <message>
        <location filename="../../builder/code_export_view.py" line="+119"/>
        <source>Copy the code of the tab shown to the clipboard</source>
        <translation>Copier le code de l’onglet affiché dans le presse-papiers</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the code of the tab shown to a file</source>
        <translation>Enregistrer le code de l’onglet affiché dans un fichier</translation>
    </message>
</context>
<context>
    <name>CollectionsModel</name>
    <message>
        <location filename="../../scans/collections_model.py" line="+70"/>
        <source>Item collection size: table items plus their LSI entries (the 10 GB limit counts both)</source>
        <translation>Taille de collection&#xa0;: items de la table plus leurs entrées LSI (la limite de 10 Go compte les deux)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>no LSI</source>
        <translation>pas de LSI</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no limit</source>
        <translation>sans limite</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>likely hot</source>
        <translation>probablement chaude</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Without a local secondary index an item collection has no size limit.</source>
        <translation>Sans index secondaire local, une collection d’items n’a pas de limite de taille.</translation>
    </message>
</context>
<context>
    <name>CommandPalette</name>
    <message>
        <location filename="../../window/command_palette.py" line="+103"/>
        <source>Go to table or command</source>
        <extracomment>The palette&apos;s frame (a popup: no title bar), a roomy search box, a list without its own frame.</extracomment>
        <translation>Aller à une table ou une commande</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Type a table or command name; Enter opens it</source>
        <translation>Tapez un nom de table ou de commande&#xa0;; Entrée l’ouvre</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Table or command name</source>
        <translation>Nom de table ou de commande</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Matching tables and commands</source>
        <translation>Tables et commandes correspondantes</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>No table or command matches “{text}”: the palette opens tables and the menus&apos; commands.</source>
        <translation>Aucune table ni commande ne correspond à «&#xa0;{text}&#xa0;»&#xa0;: la palette ouvre les tables et les commandes des menus.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>↑↓ to choose · Enter to open · Esc to close</source>
        <translation>↑↓ choisir · Entrée ouvrir · Échap fermer</translation>
    </message>
</context>
<context>
    <name>ConfirmDialog</name>
    <message>
        <location filename="../../builder/dialogs.py" line="-152"/>
        <source>Execute transaction</source>
        <translation>Exécuter la transaction</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connection: {connection}</source>
        <translation>Connexion&#xa0;: {connection}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Request to send</source>
        <translation>Requête à envoyer</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Type {type_to_confirm} to confirm:</source>
        <translation>Tapez {type_to_confirm} pour confirmer&#xa0;:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Execute</source>
        <translation>Exécuter</translation>
    </message>
</context>
<context>
    <name>ConnectionController</name>
    <message>
        <location filename="../../window/connection_controller.py" line="+170"/>
        <source>the demo backend</source>
        <extracomment>What showing a table&apos;s first rows imports: its description, the reader, the uniqueness schema and its store, the read log&apos;s labels. Imported in a worker while the connection opens (the demo seeds for ~0.2 s more after its client is made), so the first rows wait for none of it on the UI thread (~30 ms of imports there before). What a connection being opened tells the window (from a worker thread): (&quot;where&quot;, the spec&apos;s line with its configured endpoint) or (&quot;process&quot;, the profile whose credential_process it waits for, None once that has ended). (Connection, DemoBackend or None, table names): the window switches to it. (exception, ConnectionSpec or None for the demo): the connection did not open. A connection to a ``ConnectionSpec`` is about to open (on the UI thread): what it may ask for (an MFA code) must be ready now. (badge, sentence) while a connection opens: where it goes, and what it waits for. The sentence saying a connect was cancelled (the connection open before, if any, stays).</extracomment>
        <translation>le backend de démo</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Not connected: connecting to {where} was cancelled.</source>
        <translation>Non connecté&#xa0;: la connexion à {where} a été annulée.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connecting to {where} was cancelled; still connected to {current}.</source>
        <translation>La connexion à {where} a été annulée&#xa0;; toujours connecté à {current}.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Connecting to {where}…</source>
        <translation>Connexion à {where}…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Connecting to {where}, waiting for the credential_process of profile {profile} (it is stopped after {seconds} s; Cancel stops it now).</source>
        <translation>Connexion à {where}, en attente du credential_process du profil {profile} (il est arrêté après {seconds}&#xa0;s&#xa0;; Annuler l’arrête maintenant).</translation>
    </message>
</context>
<context>
    <name>ConnectionDialog</name>
    <message>
        <location filename="../../window/connection_dialog.py" line="+56"/>
        <source>Connect to DynamoDB</source>
        <translation>Connexion à DynamoDB</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Some saved connections were skipped: </source>
        <translation>Des connexions enregistrées ont été ignorées&#xa0;: </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No AWS profile could be listed: {why}</source>
        <translation>Aucun profil AWS n’a pu être listé&#xa0;: {why}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved connections</source>
        <translation>Connexions enregistrées</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A profile from ~/.aws/config or ~/.aws/credentials (SSO profiles included). Empty: the default credential chain.</source>
        <translation>Un profil de ~/.aws/config ou ~/.aws/credentials (profils SSO compris). Vide&#xa0;: la chaîne d’identifiants par défaut.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>e.g. eu-west-1 (empty: the profile&apos;s region)</source>
        <translation>p. ex. eu-west-1 (vide&#xa0;: la région du profil)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>empty for AWS; http://localhost:8000 for DynamoDB Local</source>
        <translation>vide pour AWS&#xa0;; http://localhost:8000 pour DynamoDB Local</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Send in clear text (http://) to this host</source>
        <translation>Envoyer en clair (http://) à cet hôte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read-only: refuse every write before it leaves the machine</source>
        <translation>Lecture seule&#xa0;: refuser toute écriture avant qu’elle ne quitte la machine</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Production: open read-only; writing asks for the account id</source>
        <translation>Production&#xa0;: ouvrir en lecture seule&#xa0;; écrire demande l’id du compte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Region</source>
        <translation>Région</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Endpoint URL</source>
        <translation>URL du point de terminaison</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Only names, profiles, regions and endpoints are saved; never keys or tokens.</source>
        <translation>Seuls les noms, profils, régions et points de terminaison sont enregistrés&#xa0;; jamais les clés ni les jetons.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+227"/>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <location line="-226"/>
        <source>New</source>
        <translation>Nouveau</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Connect</source>
        <translation>Connecter</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Demo</source>
        <translation>Démo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(started inside the app)</source>
        <translation>(démarré dans l’application)</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Requests to {host} travel unencrypted (http://): anyone on the network between can read the items and, when AWS keys sign them, the access key id and session token, and can send a captured request again for minutes. Use https:// if the host has it.</source>
        <translation>Les requêtes vers {host} circulent sans chiffrement (http://)&#xa0;: quiconque se trouve sur le réseau entre les deux peut lire les éléments et, quand des clés AWS les signent, l’identifiant de clé d’accès et le jeton de session, et peut renvoyer une requête capturée pendant plusieurs minutes. Utilisez https:// si l’hôte le propose.</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+141"/>
        <source>{source} is {url}. </source>
        <translation>{source} est {url}. </translation>
    </message>
    <message>
        <location line="-128"/>
        <source>Give the connection a name.</source>
        <translation>Donnez un nom à la connexion.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The endpoint URL must start with http:// or https://, e.g. http://localhost:8000.</source>
        <translation>L’URL du point de terminaison doit commencer par http:// ou https://, p. ex. http://localhost:8000.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Its profile, region and endpoint are replaced by the ones in this form.</source>
        <translation>Son profil, sa région et son point de terminaison sont remplacés par ceux de ce formulaire.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It is a production connection: it would no longer open read-only, nor ask for the account id before a write.</source>
        <translation>C’est une connexion de production&#xa0;: elle ne s’ouvrirait plus en lecture seule et ne demanderait plus l’identifiant du compte avant une écriture.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It is a read-only connection: it would accept writes.</source>
        <translation>C’est une connexion en lecture seule&#xa0;: elle accepterait les écritures.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To keep both, cancel and give this connection another name.</source>
        <translation>Pour garder les deux, annulez et donnez un autre nom à cette connexion.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Replace saved connection?</source>
        <translation>Remplacer la connexion enregistrée&#xa0;?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace the saved connection “{name}”?</source>
        <translation>Remplacer la connexion enregistrée «&#xa0;{name}&#xa0;»&#xa0;?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace</source>
        <translation>Remplacer</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Profile: {profile}.</source>
        <translation>Profil&#xa0;: {profile}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile: none (the default credential chain).</source>
        <translation>Profil&#xa0;: aucun (la chaîne d’identifiants par défaut).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Region: {region}.</source>
        <translation>Région&#xa0;: {region}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Region: the profile&apos;s.</source>
        <translation>Région&#xa0;: celle du profil.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Endpoint: {url}.</source>
        <translation>Point de terminaison&#xa0;: {url}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Endpoint: AWS&apos;s (or the profile&apos;s).</source>
        <translation>Point de terminaison&#xa0;: celui d’AWS (ou du profil).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It is a production connection.</source>
        <translation>C’est une connexion de production.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It is a read-only connection.</source>
        <translation>C’est une connexion en lecture seule.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only this saved entry goes (the profile and the tables stay); it cannot be undone.</source>
        <translation>Seule cette entrée enregistrée disparaît (le profil et les tables restent)&#xa0;; c’est irréversible.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Delete saved connection?</source>
        <translation>Supprimer la connexion enregistrée&#xa0;?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the saved connection “{name}”?</source>
        <translation>Supprimer la connexion enregistrée «&#xa0;{name}&#xa0;»&#xa0;?</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Requests to {host} would travel unencrypted: use https://, or tick “Send in clear text” below the field to connect anyway (Save keeps that choice for this connection).</source>
        <translation>Les requêtes vers {host} circuleraient sans chiffrement&#xa0;: utilisez https://, ou cochez «&#xa0;Envoyer en clair&#xa0;» sous le champ pour vous connecter malgré tout (Enregistrer garde ce choix pour cette connexion).</translation>
    </message>
</context>
<context>
    <name>ConsentQuestion</name>
    <message>
        <location filename="../../updates/question.py" line="+20"/>
        <source>{APP_NAME}: new versions</source>
        <translation>{APP_NAME}&#xa0;: nouvelles versions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check for new versions of {APP_NAME} once a day?</source>
        <translation>Rechercher les nouvelles versions de {APP_NAME} une fois par jour&#xa0;?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{APP_NAME} would ask {urlsplit} for the number of the newest version and tell you when there is one. It sends nothing about you, your connections or your tables, and never installs anything itself. You are asked once.</source>
        <translation>{APP_NAME} demanderait à {urlsplit} le numéro de la dernière version et vous préviendrait quand il y en a une. Rien n’est envoyé sur vous, vos connexions ou vos tables, et rien n’est jamais installé automatiquement. La question n’est posée qu’une fois.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Check daily</source>
        <translation>Vérifier chaque jour</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Don&apos;t check</source>
        <translation>Ne pas vérifier</translation>
    </message>
</context>
<context>
    <name>CopyItemsDialog</name>
    <message>
        <location filename="../../transfer/copy_dialog.py" line="+81"/>
        <source>Copy items to a table</source>
        <translation>Copier des items vers une table</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Each item is written by a Put guarded by attribute_not_exists on the target&apos;s key, so nothing already in the target is replaced. Batches of up to 100 open in the transaction builder, where you see the request and the preflight before anything is sent. An account and its locks always go in the same batch, so a copy that stops between batches never splits them.</source>
        <translation>Chaque item est écrit par un Put protégé par attribute_not_exists sur la clé de la cible&#xa0;: rien de ce qui est déjà dans la cible n’est remplacé. Les lots de 100 au plus s’ouvrent dans le constructeur de transactions, où vous voyez la requête et la pré-vérification avant tout envoi. Un compte et ses verrous vont toujours dans le même lot&#xa0;: une copie qui s’arrête entre deux lots ne les sépare jamais.</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>the selected item(s) (%Ln)</source>
        <translation>
            <numerusform>l’item sélectionné (%Ln)</numerusform>
            <numerusform>les items sélectionnés (%Ln)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Copy:</source>
        <translation>Copier&#xa0;:</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+107"/>
        <source>this connection ({name})</source>
        <translation>cette connexion ({name})</translation>
    </message>
    <message>
        <location line="-106"/>
        <source>this connection</source>
        <translation>cette connexion</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Copying to another connection switches the window to it; open this from the main window to do that.</source>
        <translation>Copier vers une autre connexion fait basculer la fenêtre sur celle-ci&#xa0;; ouvrez cette boîte depuis la fenêtre principale pour cela.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To connection:</source>
        <translation>Vers la connexion&#xa0;:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>target table</source>
        <translation>table cible</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To table:</source>
        <translation>Vers la table&#xa0;:</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+43"/>
        <location line="+168"/>
        <source>Open in the builder</source>
        <translation>Ouvrir dans le générateur</translation>
    </message>
    <message>
        <location line="-209"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Warning: {details}</source>
        <translation>Attention&#xa0;: {details}</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Type or pick the target table.</source>
        <translation>Saisissez ou choisissez la table cible.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reading the key schema of {name}…</source>
        <translation>Lecture du schéma de clé de {name}…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connect first.</source>
        <translation>Connectez-vous d’abord.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Switch to {name} and open batch 1</source>
        <translation>Basculer vers {name} et ouvrir le lot 1</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln item(s) in {batches}. The builder sends on the window&apos;s connection: the window switches to {name} and opens {table}; the items to copy stay here.</source>
        <translation>
            <numerusform>%Ln item en {batches}. Le générateur envoie sur la connexion de la fenêtre&#xa0;: la fenêtre bascule vers {name} et ouvre {table}&#xa0;; l’item à copier reste ici.</numerusform>
            <numerusform>%Ln items en {batches}. Le générateur envoie sur la connexion de la fenêtre&#xa0;: la fenêtre bascule vers {name} et ouvre {table}&#xa0;; les items à copier restent ici.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln batch(es)</source>
        <translation>
            <numerusform>%Ln lot</numerusform>
            <numerusform>%Ln lots</numerusform>
        </translation>
    </message>
    <message>
        <location line="+30"/>
        <source>the source</source>
        <translation>la source</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{there} account(s) by its rules, {here} by {source}&apos;s</source>
        <translation>{there} compte(s) selon ses règles, {here} selon celles de {source}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{target} has other uniqueness rules than {source}: by them the copied items are paired otherwise ({details}), so the target would not guard their values as the source does. Check {target}&apos;s schema before you send.</source>
        <translation>{target} a d’autres règles d’unicité que {source}&#xa0;: selon elles, les éléments copiés sont appariés autrement ({details}), donc la cible ne protégerait pas leurs valeurs comme la source. Vérifiez le schéma de {target} avant l’envoi.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Connecting to {name}…</source>
        <translation>Connexion à {name}…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Batch {value} was not opened: the builder keeps its unsent actions (the batch is kept as a draft too). Send or save them, then open batch {value} again.</source>
        <translation>Le lot {value} n’a pas été ouvert&#xa0;: le générateur garde ses actions non envoyées (le lot est aussi gardé comme brouillon). Envoyez-les ou enregistrez-les, puis ouvrez de nouveau le lot {value}.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Nothing to open: press Open in the builder to make the batches.</source>
        <translation>Rien à ouvrir&#xa0;: appuyez sur Ouvrir dans le générateur pour préparer les lots.</translation>
    </message>
    <message>
        <location line="-11"/>
        <location line="+19"/>
        <source>Open batch {value} of {total}</source>
        <translation>Ouvrir le lot {value} sur {total}</translation>
    </message>
    <message>
        <location line="-243"/>
        <source>every item of the current result ({n})</source>
        <translation>tous les items du résultat actuel ({n})</translation>
    </message>
    <message>
        <location line="+244"/>
        <source>Batch {opened} of {total} ({actions_count} Puts) is open in the builder: check the request and the preflight, then Execute. Come back here for the next batch.</source>
        <translation>Le lot {opened} sur {total} ({actions_count} Puts) est ouvert dans le générateur&#xa0;: vérifiez la requête et la vérification préalable, puis exécutez. Revenez ici pour le lot suivant.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Batch {opened} of {total} ({actions_count} Puts) is open in the builder: check the request and the preflight, then Execute. That is the last batch.</source>
        <translation>Le lot {opened} sur {total} ({actions_count} Puts) est ouvert dans le générateur&#xa0;: vérifiez la requête et la vérification préalable, puis exécutez. C’est le dernier lot.</translation>
    </message>
</context>
<context>
    <name>CountBox</name>
    <message>
        <location filename="../../scans/count_box.py" line="+54"/>
        <source>{typed} is not a count from {low} to {high}: the box now says {value}. Scan again to read that many, or type another count.</source>
        <translation>{typed} n’est pas un nombre de {low} à {high}&#xa0;: la case indique maintenant {value}. Scannez de nouveau pour lire ce nombre, ou saisissez un autre nombre.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No count was typed: the box is back at {value}. Scan again to read that many, or type a count from {low} to {high}.</source>
        <translation>Aucun nombre saisi&#xa0;: la case est revenue à {value}. Scannez de nouveau pour lire ce nombre, ou saisissez un nombre de {low} à {high}.</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <location filename="../../crash.py" line="+98"/>
        <source>{APP_NAME}: unexpected error</source>
        <translation>{APP_NAME}&#xa0;: erreur inattendue</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{APP_NAME} is still running and your connection is still open. If something looks wrong, run the read again or reconnect (Ctrl+O). Keys, secrets and session tokens have been removed from the report below. Nothing is sent unless you click Send report: it opens {where} with the report filled in, for you to read and submit.</source>
        <translation>{APP_NAME} fonctionne toujours et votre connexion reste ouverte. Si quelque chose semble anormal, relancez la lecture ou reconnectez-vous (Ctrl+O). Les clés, secrets et jetons de session ont été retirés du rapport ci-dessous. Rien n’est envoyé sauf si vous cliquez sur Envoyer le rapport&#xa0;: cela ouvre {where} avec le rapport prérempli, pour que vous le lisiez et le soumettiez.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Crash report</source>
        <translation>Rapport de plantage</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keep and close</source>
        <translation>Conserver et fermer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy report</source>
        <translation>Copier le rapport</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send report…</source>
        <translation>Envoyer le rapport…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Opens {split} with the report filled in</source>
        <translation>Ouvre {split} avec le rapport prérempli</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Don&apos;t keep</source>
        <translation>Ne pas conserver</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the saved report and close</source>
        <translation>Supprimer le rapport enregistré et fermer</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>&lt;b&gt;%Ln unexpected error(s).&lt;/b&gt; The latest: {summary}</source>
        <translation>
            <numerusform>&lt;b&gt;%Ln erreur inattendue.&lt;/b&gt; La dernière&#xa0;: {summary}</numerusform>
            <numerusform>&lt;b&gt;%Ln erreurs inattendues.&lt;/b&gt; La dernière&#xa0;: {summary}</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved to {saved_to}</source>
        <translation>Enregistré dans {saved_to}</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The report is open in your browser or mail app, and on the clipboard: nothing is sent until you submit it there.</source>
        <translation>Le rapport est ouvert dans votre navigateur ou votre messagerie, et dans le presse-papiers&#xa0;: rien n’est envoyé tant que vous ne l’y soumettez pas.</translation>
    </message>
</context>
<context>
    <name>CreateTableDialog</name>
    <message>
        <location filename="../../tables/create_dialog.py" line="+82"/>
        <source>Create a local table</source>
        <translation>Créer une table locale</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A copy of a table: paste its DescribeTable JSON (aws dynamodb describe-table output) or open it</source>
        <extracomment>The plan whose table this dialog created without TTL (its TTL step failed).</extracomment>
        <translation>La copie d’une table&#xa0;: collez son JSON DescribeTable (sortie de aws dynamodb describe-table) ou ouvrez-le</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>DescribeTable JSON</source>
        <translation>JSON DescribeTable</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open…</source>
        <translation>&amp;Ouvrir…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Table &amp;name:</source>
        <translation>&amp;Nom de la table&#xa0;:</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+83"/>
        <source>CreateTable request (sent as shown):</source>
        <translation>Requête CreateTable (envoyée telle quelle)&#xa0;:</translation>
    </message>
    <message>
        <location line="-75"/>
        <location line="+73"/>
        <source>&amp;Create</source>
        <translation>&amp;Créer</translation>
    </message>
    <message>
        <location line="-70"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>create a table</source>
        <translation>créer une table</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>{name} is there without TTL: Turn TTL on sends only UpdateTimeToLive (TTL on {attribute}).</source>
        <translation>{name} existe sans TTL&#xa0;: Activer le TTL n’envoie que UpdateTimeToLive (TTL sur {attribute}).</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Turn &amp;TTL on</source>
        <translation>Activer le &amp;TTL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>UpdateTimeToLive request (sent as shown):</source>
        <translation>Requête UpdateTimeToLive (envoyée telle quelle)&#xa0;:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>

Then UpdateTimeToLive: TTL on {ttl_attribute}.</source>
        <translation>

Puis UpdateTimeToLive&#xa0;: TTL sur {ttl_attribute}.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Open a DescribeTable JSON</source>
        <translation>Ouvrir un JSON DescribeTable</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Could not read {path}: {getattr}.</source>
        <translation>Impossible de lire {path}&#xa0;: {getattr}.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Turning TTL on for {name}…</source>
        <translation>Activation du TTL pour {name}…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Creating {name}…</source>
        <translation>Création de {name}…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{window} Creating {name} goes on at {then}, where this dialog was opened.</source>
        <translation>{window} La création de {name} se poursuit sur {then}, où cette boîte de dialogue a été ouverte.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Created {name} at {then}. {window}</source>
        <translation>{name} créée sur {then}. {window}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Created {name}.</source>
        <translation>{name} créée.</translation>
    </message>
</context>
<context>
    <name>DOCUMENT_COUNTS</name>
    <message numerus="yes">
        <location filename="../../items/value_dialogs.py" line="+366"/>
        <source>%n entr(y|ies)</source>
        <translation>
            <numerusform>%n entrée</numerusform>
            <numerusform>%n entrées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n élément</numerusform>
            <numerusform>%n éléments</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DRAFTS_PROMPTS</name>
    <message numerus="yes">
        <location filename="../../builder/drafts_prompts.py" line="+112"/>
        <source>The builder holds %Ln unsent action(s). Replace (it|them) with the imported {actions}, or append the imported ones after (it|them)?</source>
        <translation>
            <numerusform>Le générateur contient %Ln action non envoyée. La remplacer par les {actions} importées, ou ajouter les importées après elle&#xa0;?</numerusform>
            <numerusform>Le générateur contient %Ln actions non envoyées. Les remplacer par les {actions} importées, ou ajouter les importées après elles&#xa0;?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>The builder holds %Ln unsent action(s). Replace (it|them) with the new transaction&apos;s {actions}, or append those after (it|them)?</source>
        <translation>
            <numerusform>Le générateur contient %Ln action non envoyée. La remplacer par les {actions} de la nouvelle transaction, ou ajouter celles-ci après elle&#xa0;?</numerusform>
            <numerusform>Le générateur contient %Ln actions non envoyées. Les remplacer par les {actions} de la nouvelle transaction, ou ajouter celles-ci après elles&#xa0;?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../builder/drafts_dialog.py" line="+196"/>
        <location filename="../../builder/drafts_prompts.py" line="-9"/>
        <source>%Ln action(s)</source>
        <translation>
            <numerusform>%Ln action</numerusform>
            <numerusform>%Ln actions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DeleteAccountForm</name>
    <message>
        <location filename="../../builder/template_forms.py" line="+28"/>
        <source>Delete account {who}</source>
        <translation>Supprimer le compte {who}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deletes the account and the locks of its values in one transaction, so no lock is left behind to block a value forever. The account is deleted only while it still holds the values below; each lock only while it exists.</source>
        <translation>Supprime le compte et les verrous de ses valeurs en une transaction, pour ne laisser aucun verrou bloquer une valeur pour toujours. Le compte n’est supprimé que s’il contient encore les valeurs ci-dessous&#xa0;; chaque verrou, que s’il existe.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Account</source>
        <translation>Compte</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>(none: no {name} lock to remove)</source>
        <translation>(aucun&#xa0;: pas de verrou {name} à retirer)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{value}   → removes lock {lock}</source>
        <translation>{value}   → retire le verrou {lock}</translation>
    </message>
</context>
<context>
    <name>DeleteTableDialog</name>
    <message>
        <location filename="../../tables/delete_dialog.py" line="+51"/>
        <source>Delete {name}</source>
        <translation>Supprimer {name}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Delete the table {name} at {where} with every item and index in it? This cannot be undone. Type the table&apos;s name to confirm.</source>
        <translation>Supprimer la table {name} sur {where} avec tous ses items et index&#xa0;? C’est irréversible. Tapez le nom de la table pour confirmer.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Table name to confirm</source>
        <translation>Nom de la table à confirmer</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Delete</source>
        <translation>&amp;Supprimer</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>delete a table</source>
        <translation>supprimer une table</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Deleting {table}…</source>
        <translation>Suppression de {table}…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{window} Deleting {table} goes on at {then}, where this dialog was opened.</source>
        <translation>{window} La suppression de {table} se poursuit sur {then}, où cette boîte de dialogue a été ouverte.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Deleted {table} at {then}. {window}</source>
        <translation>{table} supprimée sur {then}. {window}</translation>
    </message>
</context>
<context>
    <name>DiagnoseBox</name>
    <message>
        <location filename="../../locks/diagnose.py" line="+51"/>
        <source>Diagnose one value</source>
        <extracomment>Lines of the answer box before an answer (the grid keeps the room at 1024x700); an answer gets the height its text needs (``room_wanted``), up to ``ANSWER_LINES_MAX``.</extracomment>
        <translation>Diagnostiquer une valeur</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Type an email or username above and press Diagnose: the answer says whether it is locked, and by whom.</source>
        <translation>Tapez un e-mail ou un nom d’utilisateur ci-dessus et cliquez sur Diagnostiquer&#xa0;: la réponse dit s’il est verrouillé, et par qui.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Unique attribute</source>
        <translation>Attribut unique</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Value to diagnose</source>
        <translation>Valeur à diagnostiquer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An email or username, exactly as the person typed it</source>
        <translation>Un e-mail ou un nom d’utilisateur, tel que la personne l’a tapé</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Diagnose</source>
        <translation>Diagnostiquer</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Release lock…</source>
        <translation>Libérer le verrou…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Claim lock…</source>
        <translation>Poser le verrou…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resolve duplicate…</source>
        <translation>Résoudre le doublon…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+74"/>
        <source>Open account</source>
        <translation>Ouvrir le compte</translation>
    </message>
    <message>
        <location line="-72"/>
        <source>Open lock</source>
        <translation>Ouvrir le verrou</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan instead</source>
        <translation>Scanner plutôt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Diagnose again, looking the holders up with a Scan that reads every account&apos;s spelling (the index finds only the spellings asked for). It reads the whole table: read capacity in proportion to its size.</source>
        <translation>Diagnostiquer de nouveau en cherchant les détenteurs par un Scan qui lit la graphie de chaque compte (l’index ne trouve que les graphies demandées). Il lit toute la table&#xa0;: de la capacité de lecture à proportion de sa taille.</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Open account ({accounts_count})</source>
        <translation>Ouvrir le compte ({accounts_count})</translation>
    </message>
</context>
<context>
    <name>DiagnoseControl</name>
    <message>
        <location filename="../../locks/diagnose_control.py" line="+55"/>
        <source>The value is only spaces: type the email or username to diagnose.</source>
        <translation>La valeur ne contient que des espaces&#xa0;: saisissez l’e-mail ou le nom d’utilisateur à diagnostiquer.</translation>
    </message>
</context>
<context>
    <name>DocumentEditorDialog</name>
    <message>
        <location filename="../../items/value_dialogs.py" line="-119"/>
        <source>Edit {name} ({code})</source>
        <translation>Modifier {name} ({code})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {what} as DynamoDB JSON (or plain JSON); the tree shows what will be staged.</source>
        <translation>Valeur ({what}) en JSON DynamoDB (ou JSON simple)&#xa0;; l’arbre montre ce qui sera préparé.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>list</source>
        <translation>liste</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>map</source>
        <translation>map</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Value as JSON</source>
        <translation>Valeur en JSON</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value as a tree</source>
        <translation>Valeur en arbre</translation>
    </message>
    <message>
        <location line="+29"/>
        <source> (at {path})</source>
        <translation> (à {path})</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>(value)</source>
        <translation>(valeur)</translation>
    </message>
</context>
<context>
    <name>DraftOrigin</name>
    <message>
        <location filename="../../builder/draft_origin.py" line="+56"/>
        <source>table {table} on connection {connection}</source>
        <extracomment>(connection name, table name), either None when the window had none.</extracomment>
        <translation>table {table} sur la connexion {connection}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>connection {connection}</source>
        <translation>connexion {connection}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>table {table}</source>
        <translation>table {table}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>They were made for {where}: check the table names before you Execute.</source>
        <translation>Elles ont été faites pour {where}&#xa0;: vérifiez les noms de table avant d’exécuter.</translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>The builder&apos;s %n unsent action(s) (was|were) made for {where}; Execute would now send (it|them) to connection {new}.</source>
        <translation>
            <numerusform>L’action non envoyée du générateur (%n) a été faite pour {where}&#xa0;; Exécuter l’enverrait maintenant à la connexion {new}.</numerusform>
            <numerusform>Les %n actions non envoyées du générateur ont été faites pour {where}&#xa0;; Exécuter les enverrait maintenant à la connexion {new}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportAuditController</name>
    <message>
        <location filename="../../transfer/export_controller.py" line="+183"/>
        <source>The export could not be read{where}: {reason}. Check the folder, or pick another.</source>
        <translation>L’export n’a pas pu être lu{where}&#xa0;: {reason}. Vérifiez le dossier ou choisissez-en un autre.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The export audit was cancelled; nothing was reported.</source>
        <translation>L’audit de l’export a été annulé&#xa0;; aucun rapport.</translation>
    </message>
</context>
<context>
    <name>ExportAuditDialog</name>
    <message>
        <location filename="../../transfer/export_audit_dialog.py" line="+66"/>
        <source>Audit an export</source>
        <translation>Auditer un export</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Audits a DynamoDB export to S3 (DYNAMODB_JSON) with the same rules as the live audit, without reading the table. Give the export&apos;s folder or s3://bucket/prefix/; incremental exports to apply over it go on the next lines.</source>
        <translation>Audite un export DynamoDB vers S3 (DYNAMODB_JSON) avec les mêmes règles que l’audit en direct, sans lire la table. Indiquez le dossier de l’export ou s3://bucket/prefix/&#xa0;; les exports incrémentiels à appliquer par-dessus vont sur les lignes suivantes.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Exports</source>
        <translation>Exports</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One export folder or s3:// prefix a line: the full export first, then incremental exports</source>
        <translation>Un dossier d’export ou préfixe s3:// par ligne&#xa0;: l’export complet d’abord, puis les exports incrémentiels</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add folder…</source>
        <translation>Ajouter un dossier…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Exports:</source>
        <translation>Exports&#xa0;:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the table&apos;s TTL attribute, e.g. expiresAt (empty: not checked)</source>
        <translation>l’attribut TTL de la table, p. ex. expiresAt (vide&#xa0;: non vérifié)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTL attribute:</source>
        <translation>Attribut TTL&#xa0;:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Schema:</source>
        <translation>Schéma&#xa0;:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Audit</source>
        <translation>Audit</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Findings</source>
        <translation>Constats</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save report…</source>
        <translation>Enregistrer le rapport…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Repair…</source>
        <translation>Réparer…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each finding is re-read with a strongly consistent GetItem before anything is written.</source>
        <translation>Chaque constat est relu par un GetItem fortement cohérent avant toute écriture.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Export folder</source>
        <translation>Dossier d’export</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Give the export&apos;s folder or s3:// location first.</source>
        <translation>Indiquez d’abord le dossier ou l’emplacement s3:// de l’export.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Line {n}: {problem}</source>
        <translation>Ligne {n}&#xa0;: {problem}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The TTL attribute holds the control character U+{code:04X}: no attribute name the audit can compare should. Type it again without it, or leave it empty.</source>
        <translation>L’attribut TTL contient le caractère de contrôle U+{code:04X}&#xa0;: aucun nom d’attribut que l’audit peut comparer ne devrait en contenir. Saisissez-le de nouveau sans ce caractère, ou laissez-le vide.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The TTL attribute is {size} bytes long; DynamoDB&apos;s TTL attribute name holds at most {limit}. Give the table&apos;s TTL attribute, or leave it empty.</source>
        <translation>L’attribut TTL fait {size} octets&#xa0;; le nom d’attribut TTL de DynamoDB en contient au plus {limit}. Indiquez l’attribut TTL de la table, ou laissez-le vide.</translation>
    </message>
    <message numerus="yes">
        <location line="+37"/>
        <source>%Ln item(s)</source>
        <translation>
            <numerusform>%Ln item</numerusform>
            <numerusform>%Ln items</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{read} of {table} audited with {engine} in {duration_s:.1f} s. {counts}.
{snapshot_note}</source>
        <translation>{read} de {table} audités avec {engine} en {duration_s:.1f} s. {counts}.
{snapshot_note}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No problems found.</source>
        <translation>Aucun problème trouvé.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Starting…</source>
        <translation>Démarrage…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Save the audit report</source>
        <translation>Enregistrer le rapport d’audit</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Could not save {path}: {value}. Choose another folder or file name.</source>
        <translation>Impossible d’enregistrer {path}&#xa0;: {value}. Choisissez un autre dossier ou nom de fichier.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Report saved to {path}.</source>
        <translation>Rapport enregistré dans {path}.</translation>
    </message>
</context>
<context>
    <name>ExportController</name>
    <message>
        <location filename="../../transfer/export_controller.py" line="-92"/>
        <source>{path} could not be written ({reason}): free some space or pick another folder, then export again.</source>
        <translation>{path} n’a pas pu être écrit ({reason})&#xa0;: libérez de la place ou choisissez un autre dossier, puis exportez de nouveau.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> (it finished before the cancel reached it)</source>
        <translation> (terminé avant que l’annulation ne l’atteigne)</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Exported %Ln item(s) to {path}: partial, the read has more pages not loaded.</source>
        <translation>
            <numerusform>%Ln élément exporté dans {path}&#xa0;: partiel, la lecture a d’autres pages non chargées.</numerusform>
            <numerusform>%Ln éléments exportés dans {path}&#xa0;: partiel, la lecture a d’autres pages non chargées.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>{summary} Written to {path}{late}. Partial: the read has more pages not loaded, so the file holds only the %Ln item(s) loaded; export the whole table for every item.</source>
        <translation>
            <numerusform>{summary} Écrit dans {path}{late}. Partiel&#xa0;: la lecture a d’autres pages non chargées, le fichier ne contient donc que l’élément chargé (%Ln)&#xa0;; exportez la table entière pour avoir tous les éléments.</numerusform>
            <numerusform>{summary} Écrit dans {path}{late}. Partiel&#xa0;: la lecture a d’autres pages non chargées, le fichier ne contient donc que les %Ln éléments chargés&#xa0;; exportez la table entière pour avoir tous les éléments.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Exported %Ln item(s) to {path}.</source>
        <translation>
            <numerusform>%Ln item exporté dans {path}.</numerusform>
            <numerusform>%Ln items exportés dans {path}.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{summary} Written to {path}{late}.</source>
        <translation>{summary} Écrit dans {path}{late}.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{message} No file was written.</source>
        <translation>{message} Aucun fichier écrit.</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../../builder/dialogs.py" line="+73"/>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Content of {file_name}:</source>
        <translation>Contenu de {file_name}&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Content of {file_name}</source>
        <translation>Contenu de {file_name}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy {file_name}</source>
        <translation>Copier {file_name}</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../transfer/export_dialog.py" line="+131"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location filename="../../transfer/export_dialog.py" line="-46"/>
        <source>Export items</source>
        <translation>Exporter des items</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Export:</source>
        <translation>Exporter&#xa0;:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Format:</source>
        <translation>Format&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV:</source>
        <translation>CSV&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan:</source>
        <translation>Scan&#xa0;:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the file to write (created private to you)</source>
        <translation>le fichier à écrire (lisible par vous seul)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>File:</source>
        <translation>Fichier&#xa0;:</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
    <message numerus="yes">
        <location line="+19"/>
        <source>{source} (%Ln item(s) loaded)</source>
        <translation>
            <numerusform>{source} (%Ln item chargé)</numerusform>
            <numerusform>{source} (%Ln items chargés)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln item(s) loaded; the read has more pages: this exports only those %Ln. Choose the whole table to export every item, or load the rest of the read first (scroll to its end or Ctrl+L) and export again.</source>
        <translation>
            <numerusform>%Ln élément chargé&#xa0;; la lecture a d’autres pages&#xa0;: ceci n’exporte que celui-là (%Ln). Choisissez la table entière pour tout exporter, ou chargez d’abord le reste de la lecture (faites défiler jusqu’au bout ou Ctrl+L) puis exportez de nouveau.</numerusform>
            <numerusform>%Ln éléments chargés&#xa0;; la lecture a d’autres pages&#xa0;: ceci n’exporte que ces %Ln. Choisissez la table entière pour tout exporter, ou chargez d’abord le reste de la lecture (faites défiler jusqu’au bout ou Ctrl+L) puis exportez de nouveau.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{why} The file holds these rows as read; choose the whole table to export whole items.</source>
        <translation>{why} Le fichier contient ces lignes telles que lues&#xa0;; choisissez toute la table pour exporter des éléments complets.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the whole table {name} (a parallel Scan)</source>
        <translation>toute la table {name} (un Scan parallèle)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the whole table (open a table first)</source>
        <translation>toute la table (ouvrez d’abord une table)</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Keep formula-like cells raw (for programs: unsafe to open in a spreadsheet)</source>
        <translation>Garder brutes les cellules type formule (pour programmes&#xa0;: risqué dans un tableur)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write cells starting with =, +, -, @, a tab or a carriage return exactly as stored: a spreadsheet may run them as formulas.</source>
        <translation>Écrire les cellules commençant par =, +, -, @, une tabulation ou un retour chariot telles que stockées&#xa0;: un tableur peut les exécuter comme formules.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Strongly consistent</source>
        <translation>Cohérence forte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Strong reads see every acknowledged write and cost twice as much.</source>
        <translation>Une lecture forte voit toute écriture confirmée et coûte deux fois plus.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Segments </source>
        <translation>Segments </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan segments</source>
        <translation>Segments du Scan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallel Scan segments (Segment/TotalSegments)</source>
        <translation>Segments du Scan parallèle (Segment/TotalSegments)</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Export to</source>
        <translation>Exporter vers</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Replace the file?</source>
        <translation>Remplacer le fichier&#xa0;?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} exists already in {folder}. Replace it with this export? Its content will be lost.</source>
        <translation>{name} existe déjà dans {folder}. Le remplacer par cet export&#xa0;? Son contenu sera perdu.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Give the file to write first.</source>
        <translation>Indiquez d’abord le fichier à écrire.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{path} cannot be used ({reason}): pick another place.</source>
        <translation>{path} ne peut pas être utilisé ({reason})&#xa0;: choisissez un autre emplacement.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path} is a folder: add the name of the file to write, e.g. {path}/{name}.</source>
        <translation>{path} est un dossier&#xa0;: ajoutez le nom du fichier à écrire, par exemple {path}/{name}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} ends in a slash, so it names a folder: add the name of the file to write, e.g. {path}{name}.</source>
        <translation>{path} se termine par une barre oblique, il désigne donc un dossier&#xa0;: ajoutez le nom du fichier à écrire, par exemple {path}{name}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{file} is a file, not a folder: pick a folder to write {name} in.</source>
        <translation>{file} est un fichier, pas un dossier&#xa0;: choisissez un dossier où écrire {name}.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Nothing was written: give another file name, or confirm the replacement.</source>
        <translation>Rien n’a été écrit&#xa0;: donnez un autre nom de fichier, ou confirmez le remplacement.</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Writing %Ln item(s)…</source>
        <translation>
            <numerusform>Écriture de %Ln item…</numerusform>
            <numerusform>Écriture de %Ln items…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Connect and open the table first.</source>
        <translation>Connectez-vous et ouvrez d’abord la table.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Starting the Scan…</source>
        <translation>Démarrage du Scan…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reading {name} in {value} segments…</source>
        <translation>Lecture de {name} en {value} segments…</translation>
    </message>
</context>
<context>
    <name>ExtraItemsTabs</name>
    <message>
        <location filename="../../items/tabs.py" line="+44"/>
        <source>Items: {name}</source>
        <translation>Items&#xa0;: {name}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Close this Items tab on {name}</source>
        <translation>Fermer cet onglet Items sur {name}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Close the Items tab on {name}</source>
        <translation>Fermer l’onglet Items sur {name}</translation>
    </message>
</context>
<context>
    <name>ExtrasReader</name>
    <message>
        <location filename="../../window/tables_panel.py" line="+269"/>
        <source>Point-in-time recovery and resource policy: not known ({type})</source>
        <translation>Restauration à un instant donné et stratégie de ressource&#xa0;: inconnues ({type})</translation>
    </message>
</context>
<context>
    <name>FeatureTabs</name>
    <message>
        <location filename="../../window/feature_tabs.py" line="+70"/>
        <source>Items</source>
        <translation>Items</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <location filename="../../locks/layout.py" line="+56"/>
        <location line="+4"/>
        <source>Search values or account ids</source>
        <translation>Chercher une valeur ou un id</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Show rows</source>
        <translation>Lignes affichées</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export CSV…</source>
        <translation>Exporter en CSV…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export JSON…</source>
        <translation>Exporter en JSON…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export progress</source>
        <translation>Progression de l’export</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Writing 3,000,000 of 3,000,000 findings</source>
        <translation>Écriture de 3 000 000 constats sur 3 000 000</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel export</source>
        <translation>Annuler l’export</translation>
    </message>
</context>
<context>
    <name>FindingsPane</name>
    <message>
        <location line="+88"/>
        <source>Accounts and locks</source>
        <translation>Comptes et verrous</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One row per value: its account, its lock and the finding</source>
        <translation>Une ligne par valeur&#xa0;: son compte, son verrou et le constat</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Select a row to see what is wrong and what to do.</source>
        <translation>Sélectionnez une ligne pour voir le problème et quoi faire.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open item</source>
        <translation>Ouvrir l’item</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Release lock…</source>
        <translation>Libérer le verrou…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Claim lock…</source>
        <translation>Poser le verrou…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resolve duplicate…</source>
        <translation>Résoudre le doublon…</translation>
    </message>
</context>
<context>
    <name>GridOrder</name>
    <message>
        <location filename="../../locks/grid_order.py" line="+183"/>
        <source>Ordering {rows_count} rows…</source>
        <extracomment>Up to this many rows the grid is ordered at once on the UI thread (milliseconds); larger audits are ordered in the pool. Once a large audit&apos;s rows are shown, the account order is sorted in the pool after this pause (the first paint goes first), so a click on a header finds it ready. An order in the pool shows its busy bar (with Cancel) only once it has run this long: a sort or filter of a million rows is often done sooner, and never flashes one. The audit&apos;s own order (problems first) reads as a descending Status sort.</extracomment>
        <translation>Tri de {rows_count} lignes…</translation>
    </message>
</context>
<context>
    <name>ImportController</name>
    <message>
        <location filename="../../transfer/import_controller.py" line="+32"/>
        <source>Connect to a table first.</source>
        <extracomment>Just after ``finished``: the import was refused or stopped for what a field holds (one of ``REFUSED_FIELDS``: Resume, Raw CSV, or the file, changed since the preview).</extracomment>
        <translation>Connectez-vous d’abord à une table.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>the schema saved for this connection and table</source>
        <translation>le schéma enregistré pour cette connexion et cette table</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the schema chosen in the Locks panel, not saved</source>
        <translation>le schéma choisi dans le panneau Verrous, non enregistré</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the article&apos;s default layout</source>
        <translation>la disposition par défaut de l’article</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Preview</source>
        <translation>Aperçu</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>{summary} (on {where})</source>
        <translation>{summary} (sur {where})</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No batch is confirmed written yet.</source>
        <translation>Aucun lot n’est encore confirmé écrit.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{done} of {total} items are written.</source>
        <translation>{done} éléments sur {total} sont écrits.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{done} items are written.</source>
        <translation>{done} éléments sont écrits.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source> The batches before it were written ({count} items);</source>
        <translation> Les lots précédents ont été écrits ({count} éléments)&#xa0;;</translation>
    </message>
    <message>
        <location line="-2"/>
        <source> The batches before it were written (1 item);</source>
        <translation> Les lots précédents ont été écrits (1 élément)&#xa0;;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> No item was written before it;</source>
        <translation> Aucun élément n’a été écrit avant lui&#xa0;;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>with {resume} ticked, Import continues from the batch that stopped.</source>
        <translation>avec {resume} coché, Importer reprend au lot qui s’est arrêté.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>fix the file, press Preview, then untick {resume} and press Import: it imports the file again from the start (the items written are written again, the same Puts)</source>
        <translation>corrigez le fichier, cliquez sur Aperçu, puis décochez {resume} et cliquez sur Importer&#xa0;: le fichier est importé de nouveau depuis le début (les éléments écrits sont réécrits, par les mêmes Put)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>fix the file, press Preview, then untick {resume} and press Import: it imports the file from the start</source>
        <translation>corrigez le fichier, cliquez sur Aperçu, puis décochez {resume} et cliquez sur Importer&#xa0;: le fichier est importé depuis le début</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>with {warnings} and {resume} ticked, Import writes it and continues; or {again}.</source>
        <translation>avec {warnings} et {resume} cochés, Importer l’écrit et continue&#xa0;; ou {again}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{again}; or change the table so that the batch passes, then, with {resume} ticked, Import continues.</source>
        <translation>{again}&#xa0;; ou modifiez la table pour que le lot passe, puis, avec {resume} coché, Importer continue.</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>{message} Nothing more was imported.</source>
        <translation>{message} Rien de plus n’a été importé.</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <location filename="../../builder/dialogs.py" line="-57"/>
        <source>Import TransactWriteItems JSON</source>
        <translation>Importer un JSON TransactWriteItems</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Paste {&quot;TransactItems&quot;: [...], &quot;ClientRequestToken&quot;: &quot;...&quot;} or the bare list (DynamoDB JSON, binary as base64), as the AWS CLI and console write it.</source>
        <translation>Collez {&quot;TransactItems&quot;: [...], &quot;ClientRequestToken&quot;: &quot;...&quot;} ou la liste seule (JSON DynamoDB, binaire en base64), comme l’écrivent l’AWS CLI et la console.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>TransactWriteItems JSON</source>
        <translation>JSON TransactWriteItems</translation>
    </message>
    <message>
        <location filename="../../transfer/import_dialog.py" line="+79"/>
        <source>Import items into {name}</source>
        <translation>Importer des items dans {name}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>File to import</source>
        <translation>Fichier à importer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file (.jsonl, .json, .csv) or an S3 export folder</source>
        <translation>Un fichier (.jsonl, .json, .csv) ou un dossier d’export S3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Detect from the file</source>
        <translation>Détecter d’après le fichier</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Preview</source>
        <translation>Aperçu</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read the whole file and list its problems (Enter in the file field); nothing is written</source>
        <translation>Lire tout le fichier et lister ses problèmes (Entrée dans le champ du fichier)&#xa0;; rien n’est écrit</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Raw CSV: keep a leading &apos; as data (the file was not written by DynoView&apos;s export)</source>
        <translation>CSV brut&#xa0;: garder une ’ initiale comme donnée (le fichier n’a pas été écrit par l’export de DynoView)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Off: a cell such as &apos;=notes is read as =notes (DynoView&apos;s export added the &apos; so a spreadsheet would not run it as a formula). On: the cell is imported as it is.</source>
        <translation>Décoché&#xa0;: une cellule telle que &apos;=notes est lue =notes (l’export de DynoView a ajouté l’apostrophe pour qu’un tableur ne l’exécute pas comme formule). Coché&#xa0;: la cellule est importée telle quelle.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Speed: BatchWriteItem (not all-or-nothing per batch)</source>
        <translation>Vitesse&#xa0;: BatchWriteItem (pas tout-ou-rien par lot)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no limit</source>
        <translation>sans limite</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> items/s</source>
        <translation> éléments/s</translation>
    </message>
    <message>
        <location filename="../../transfer/import_controller.py" line="+14"/>
        <location filename="../../transfer/import_dialog.py" line="+1"/>
        <source>Resume an import of this file that stopped</source>
        <translation>Reprendre un import interrompu de ce fichier</translation>
    </message>
    <message>
        <location line="+19"/>
        <location filename="../../transfer/import_dialog.py" line="+5"/>
        <source>Write batches the preflight warns about (clashes, expired)</source>
        <translation>Écrire les lots signalés par la vérification préalable (collisions, expirés)</translation>
    </message>
    <message>
        <location filename="../../transfer/import_dialog.py" line="+13"/>
        <source>the import</source>
        <translation>l’import</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} on {where}</source>
        <translation>{name} sur {where}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Into</source>
        <translation>Vers</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mode</source>
        <translation>Mode</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate</source>
        <translation>Débit</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Type {type_to_confirm} to import</source>
        <translation>Tapez {type_to_confirm} pour importer</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pick a file and press Preview: nothing is written before Import.</source>
        <translation>Choisissez un fichier et cliquez sur Aperçu&#xa0;: rien n’est écrit avant Importer.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Records to import</source>
        <translation>Enregistrements à importer</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Problems found in the file</source>
        <translation>Problèmes trouvés dans le fichier</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Import</source>
        <translation>Importer</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Import items from</source>
        <translation>Importer des items depuis</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The Raw CSV box changed, and with it the values read: press Preview before Import.</source>
        <translation>La case CSV brut a changé, et avec elle les valeurs lues&#xa0;: appuyez sur Aperçu avant Importer.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The file or format changed: press Preview before Import.</source>
        <translation>Le fichier ou le format a changé&#xa0;: appuyez sur Aperçu avant Importer.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Pick a file first: type its path, or press Browse…</source>
        <translation>Choisissez d’abord un fichier&#xa0;: tapez son chemin ou cliquez sur Parcourir…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Reading the whole file…</source>
        <translation>Lecture du fichier entier…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source> Import stays off until the file has none: fix the lines listed below in the file, then press Preview again.</source>
        <translation> Importer reste désactivé tant que le fichier en a&#xa0;: corrigez dans le fichier les lignes listées ci-dessous, puis cliquez à nouveau sur Aperçu.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>line</source>
        <translation>ligne</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>… and {value} more</source>
        <translation>… et {value} de plus</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>An import of this file into {table} stopped after {done} of {total} items (batch {batch}, {when}). Resume is ticked: Import skips the items written and continues from there. Untick it to write every item again.</source>
        <translation>Une importation de ce fichier dans {table} s’est arrêtée après {done} éléments sur {total} (lot {batch}, {when}). Reprendre est coché&#xa0;: Importer saute les éléments écrits et continue à partir de là. Décochez-le pour tout réécrire.</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>No problem found.</source>
        <translation>Aucun problème trouvé.</translation>
    </message>
    <message>
        <location line="-174"/>
        <source>Skip items already in the table (never replace them)</source>
        <translation>Ignorer les items déjà dans la table (ne jamais les remplacer)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Each Put is guarded by attribute_not_exists on the key: an item whose key the table holds is skipped and counted, never replaced. Not with Speed (BatchWriteItem cannot carry a condition).</source>
        <translation>Chaque Put est gardé par attribute_not_exists sur la clé&#xa0;: un item dont la table contient la clé est ignoré et compté, jamais remplacé. Pas avec Vitesse (BatchWriteItem ne peut pas porter de condition).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Keys already in the table</source>
        <translation>Clés déjà dans la table</translation>
    </message>
    <message>
        <location line="+198"/>
        <source>The import that stopped read this CSV with Raw CSV ticked (a leading &apos; kept as data); the box is unticked now, so the rest would be written with other values. Tick Raw CSV and press Preview to resume, or untick Resume to write every item again.</source>
        <translation>L’importation arrêtée a lu ce CSV avec CSV brut coché (une ’ initiale gardée comme donnée)&#xa0;; la case est décochée maintenant, le reste serait donc écrit avec d’autres valeurs. Cochez CSV brut et appuyez sur Aperçu pour reprendre, ou décochez Reprendre pour tout réécrire.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The import that stopped read this CSV with Raw CSV unticked (a leading &apos; taken off); the box is ticked now, so the rest would be written with other values. Untick Raw CSV and press Preview to resume, or untick Resume to write every item again.</source>
        <translation>L’importation arrêtée a lu ce CSV avec CSV brut décoché (une ’ initiale retirée)&#xa0;; la case est cochée maintenant, le reste serait donc écrit avec d’autres valeurs. Décochez CSV brut et appuyez sur Aperçu pour reprendre, ou décochez Reprendre pour tout réécrire.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the table has uniqueness lock rules: each batch is judged by the preflight</source>
        <translation>la table a des règles de verrous d’unicité&#xa0;: chaque lot passe par la vérification préalable</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the table has no lock rules</source>
        <translation>la table n’a pas de règles de verrou</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>None of these keys is in {table} yet (checked by {cost}).</source>
        <translation>Aucune de ces clés n’est encore dans {table} (vérifié par {cost}).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; and {count} more</source>
        <translation>&#xa0;; et {count} de plus</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{count} of these keys already exist in {table}: with {check} ticked, each of those items is skipped, never replaced ({keys}; checked by {cost}).</source>
        <translation>{count} de ces clés existent déjà dans {table}&#xa0;: avec {check} coché, chacun de ces items est ignoré, jamais remplacé ({keys}&#xa0;; vérifié par {cost}).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{count} of these keys already exist in {table}: a Put replaces each item whole (attributes the file does not have are lost): {keys}. Tick {check} to skip them instead (checked by {cost}).</source>
        <translation>{count} de ces clés existent déjà dans {table}&#xa0;: un Put remplace chaque item en entier (les attributs que le fichier n’a pas sont perdus)&#xa0;: {keys}. Cochez {check} pour les ignorer plutôt (vérifié par {cost}).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The import is running: press Cancel to stop it after the batch being written, then Close.</source>
        <translation>L’import est en cours&#xa0;: cliquez sur Annuler pour l’arrêter après le lot en cours d’écriture, puis sur Fermer.</translation>
    </message>
    <message>
        <location filename="../../transfer/import_controller.py" line="+12"/>
        <location filename="../../transfer/import_dialog.py" line="-36"/>
        <location line="+1"/>
        <location line="+18"/>
        <location line="+65"/>
        <location line="+5"/>
        <source>“{check}”</source>
        <translation>«&#xa0;{check}&#xa0;»</translation>
    </message>
    <message>
        <location filename="../../transfer/import_dialog.py" line="-3"/>
        <source>“Raw CSV”</source>
        <translation>«&#xa0;CSV brut&#xa0;»</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the format</source>
        <translation>le format</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Importing…</source>
        <translation>Import en cours…</translation>
    </message>
</context>
<context>
    <name>ItemDetail</name>
    <message>
        <location filename="../../items/detail.py" line="+66"/>
        <location line="+43"/>
        <source>Select an item to see it in full.</source>
        <translation>Sélectionnez un item pour le voir en entier.</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Attribute</source>
        <translation>Attribut</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Attributes</source>
        <translation>Attributs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item attributes</source>
        <translation>Attributs de l’item</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Item as DynamoDB JSON</source>
        <translation>Item en JSON DynamoDB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item as plain JSON</source>
        <translation>Item en JSON simple</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>DynamoDB JSON</source>
        <translation>JSON DynamoDB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Plain JSON</source>
        <translation>JSON simple</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy as JSON</source>
        <translation>Copier en JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the shown tab (Ctrl+Shift+C)</source>
        <translation>Copier l’onglet affiché (Ctrl+Shift+C)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>TTL: {details}</source>
        <translation>TTL&#xa0;: {details}</translation>
    </message>
</context>
<context>
    <name>ItemEditDialog</name>
    <message>
        <location filename="../../items/edit_dialog.py" line="+146"/>
        <source>Edit item</source>
        <translation>Modifier l’item</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Edit the item as DynamoDB JSON. Saving opens the transaction builder with an Update of only the attributes you changed, each guarded on the value you saw, so other attributes stay as they are and nothing is written until you have checked the request.</source>
        <translation>Modifiez l’item en JSON DynamoDB. Enregistrer ouvre le générateur de transactions avec un Update des seuls attributs modifiés, chacun protégé sur la valeur vue, donc les autres attributs restent tels quels et rien n’est écrit avant que vous ayez vérifié la requête.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Item as DynamoDB JSON</source>
        <translation>Item en JSON DynamoDB</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Open in builder</source>
        <translation>Ouvrir dans le générateur</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>This is your unsent edit of this item, kept when DynoView closed at {when}. It is compared with the item as it is now when you open it in the builder.</source>
        <translation>Voici votre modification non envoyée de cet élément, conservée quand DynoView s’est fermé à {when}. Elle est comparée à l’élément tel qu’il est maintenant quand vous l’ouvrez dans le constructeur.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The item has changed in the table since ({names}): check that your edit does not undo that change.</source>
        <translation>L’élément a changé dans la table depuis ({names}) : vérifiez que votre modification n’annule pas ce changement.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its attributes</source>
        <translation>ses attributs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard it and start from the item as it is now</source>
        <translation>L’abandonner et repartir de l’élément tel qu’il est maintenant</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{names}: protected values (each has a lock); changing one moves its lock too.</source>
        <translation>{names}&#xa0;: valeurs protégées (chacune a un verrou)&#xa0;; en changer une déplace aussi son verrou.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Protected: {moved}. The builder moves the lock with the value (new lock guarded by attribute_not_exists, old lock released) in the same transaction.</source>
        <translation>Protégé&#xa0;: {moved}. Le constructeur déplace le verrou avec la valeur (nouveau verrou protégé par attribute_not_exists, ancien verrou libéré) dans la même transaction.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Not opened at {attribute}: {error}</source>
        <translation>Non ouvert à {attribute}&#xa0;: {error}</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+17"/>
        <location line="+22"/>
        <source>Not opened: {message}</source>
        <translation>Non ouvert&#xa0;: {message}</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Not opened at {attribute} (line {line}, column {column}): {message}</source>
        <translation>Non ouvert à {attribute} (ligne {line}, colonne {column})&#xa0;: {message}</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Not opened{where}: {message}</source>
        <translation>Non ouvert{where}&#xa0;: {message}</translation>
    </message>
</context>
<context>
    <name>ItemSelection</name>
    <message>
        <location filename="../../items/selection.py" line="+120"/>
        <source>Reading {key_text}…</source>
        <translation>Lecture de {key_text}…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No item with {key_text}: it does not exist (or was deleted).</source>
        <translation>Aucun item avec {key_text}&#xa0;: il n’existe pas (ou a été supprimé).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{key_text} — read by key (GetItem): not on the current page</source>
        <translation>{key_text} — lu par clé (GetItem)&#xa0;: absent de la page actuelle</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>{key_text} was deleted by the transaction.</source>
        <translation>{key_text} a été supprimé par la transaction.</translation>
    </message>
</context>
<context>
    <name>ItemsColumns</name>
    <message>
        <location filename="../../items/columns.py" line="+45"/>
        <source>Click to sort the loaded items, drag to move a column, right-click to choose columns</source>
        <translation>Cliquer pour trier les items chargés, glisser pour déplacer une colonne, clic droit pour choisir les colonnes</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>Columns</source>
        <translation>Colonnes</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Sort by {name}, ascending</source>
        <translation>Trier par {name}, croissant</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sort by {name}, descending</source>
        <translation>Trier par {name}, décroissant</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Order as read (no sort)</source>
        <translation>Ordre de lecture (sans tri)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset columns (order, shown, sort)</source>
        <translation>Réinitialiser les colonnes (ordre, affichage, tri)</translation>
    </message>
</context>
<context>
    <name>ItemsModel</name>
    <message>
        <location filename="../../items/model.py" line="+171"/>
        <source>not in this index</source>
        <translation>absent de cet index</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The index {index} does not hold the TTL attribute {attribute}: read the table to see when items expire.</source>
        <translation>L’index {index} ne contient pas l’attribut TTL {attribute}&#xa0;: lisez la table pour voir quand les éléments expirent.</translation>
    </message>
    <message>
        <location line="+184"/>
        <source>TTL status</source>
        <translation>État TTL</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>{name}: key attribute</source>
        <translation>{name}&#xa0;: attribut de clé</translation>
    </message>
</context>
<context>
    <name>ItemsPanel</name>
    <message>
        <location filename="../../items/panel.py" line="+130"/>
        <source>Edit…</source>
        <extracomment>Edit in place is made this long after the first page of rows (their repaint goes first).</extracomment>
        <translation>Modifier…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit as JSON…: the whole item as DynamoDB JSON; the change opens in the transaction builder (F2 edits one cell in place)</source>
        <translation>Modifier en JSON…&#xa0;: tout l’item en JSON DynamoDB&#xa0;; la modification s’ouvre dans le générateur de transactions (F2 modifie une cellule sur place)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete…</source>
        <translation>Supprimer…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the item through a guarded transaction (Delete)</source>
        <translation>Supprimer l’item par une transaction protégée (Suppr)</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Pick a table on the left.</source>
        <translation>Choisissez une table à gauche.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Reading…</source>
        <translation>Lecture…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{progress} (cancelled)</source>
        <translation>{progress} (annulé)</translation>
    </message>
    <message numerus="yes">
        <location line="+63"/>
        <source>Copied %Ln item(s) as {format}.</source>
        <translation>
            <numerusform>%Ln item copié en {format}.</numerusform>
            <numerusform>%Ln items copiés en {format}.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Copy {count} items as</source>
        <translation>Copier {count} items en</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Copy as</source>
        <translation>Copier en</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reads of this table… (Ctrl+H)</source>
        <translation>Lectures de cette table… (Ctrl+H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy query as code…</source>
        <translation>Copier la requête en code…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open {name} in a new Items tab (another index or read)</source>
        <translation>Ouvrir {name} dans un nouvel onglet Items (autre index ou lecture)</translation>
    </message>
    <message numerus="yes">
        <location line="+78"/>
        <source>Select one item to edit as JSON: it edits one item at a time, and %n are selected.</source>
        <translation>
            <numerusform>Sélectionnez un seul item à modifier en JSON&#xa0;: il modifie un item à la fois, et %n est sélectionné.</numerusform>
            <numerusform>Sélectionnez un seul item à modifier en JSON&#xa0;: il modifie un item à la fois, et %n sont sélectionnés.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The edit was not opened in the builder: the item was read on {then}. {window}</source>
        <translation>La modification n’a pas été ouverte dans le générateur&#xa0;: l’item a été lu sur {then}. {window}</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>Select one item to delete: Delete… deletes one item at a time, and %n are selected. Nothing was deleted.</source>
        <translation>
            <numerusform>Sélectionnez un seul item à supprimer&#xa0;: Supprimer… supprime un item à la fois, et %n est sélectionné. Rien n’a été supprimé.</numerusform>
            <numerusform>Sélectionnez un seul item à supprimer&#xa0;: Supprimer… supprime un item à la fois, et %n sont sélectionnés. Rien n’a été supprimé.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KEPT</name>
    <message>
        <location filename="../../session/reconnect.py" line="+47"/>
        <source>table {name}</source>
        <translation>table {name}</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln more Items tab(s)</source>
        <translation>
            <numerusform>%Ln autre onglet Items</numerusform>
            <numerusform>%Ln autres onglets Items</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing</source>
        <translation>rien</translation>
    </message>
</context>
<context>
    <name>KeptNote</name>
    <message>
        <location filename="../../kept_text.py" line="+61"/>
        <location line="+2"/>
        <source>Discard the kept edit</source>
        <translation>Abandonner la modification conservée</translation>
    </message>
</context>
<context>
    <name>KeptTextsBar</name>
    <message numerus="yes">
        <location filename="../../window/unsent_work.py" line="+117"/>
        <source>Your last session kept %n unsent edit(s) typed in a dialog.</source>
        <translation>
            <numerusform>Votre dernière session a conservé %n modification non envoyée saisie dans une boîte de dialogue.</numerusform>
            <numerusform>Votre dernière session a conservé %n modifications non envoyées saisies dans une boîte de dialogue.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>; and %n more</source>
        <translation>
            <numerusform>; et %n autre</numerusform>
            <numerusform>; et %n autres</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{named}. Open the same dialog on that item (Edit as JSON…), cell (its value editor, F2) or table (the uniqueness schema) to carry on with it or discard it.</source>
        <translation>{named}. Ouvrez la même boîte de dialogue sur cet item (Modifier en JSON…), cette cellule (son éditeur de valeur, F2) ou cette table (le schéma d’unicité) pour la poursuivre ou l’abandonner.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An unsent edit your last session kept could not be read.</source>
        <translation>Une modification non envoyée conservée par votre dernière session n’a pas pu être lue.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Later</source>
        <translation>Plus tard</translation>
    </message>
</context>
<context>
    <name>LIVE_COUNTS</name>
    <message numerus="yes">
        <location filename="../../locks/live_bar.py" line="+46"/>
        <source>Live · %Ln new since {since}</source>
        <translation>
            <numerusform>En direct · %Ln nouveau depuis {since}</numerusform>
            <numerusform>En direct · %Ln nouveaux depuis {since}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln resolved</source>
        <translation>
            <numerusform>%Ln résolu</numerusform>
            <numerusform>%Ln résolus</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln changed</source>
        <translation>
            <numerusform>%Ln modifié</numerusform>
            <numerusform>%Ln modifiés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln record(s) read</source>
        <translation>
            <numerusform>%Ln enregistrement lu</numerusform>
            <numerusform>%Ln enregistrements lus</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LOCKS_TEXT</name>
    <message numerus="yes">
        <location filename="../../locks/text.py" line="+64"/>
        <source>%Ln item(s)</source>
        <translation>
            <numerusform>%Ln item</numerusform>
            <numerusform>%Ln items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln segment(s)</source>
        <translation>
            <numerusform>%Ln segment</numerusform>
            <numerusform>%Ln segments</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LanguageChooser</name>
    <message>
        <location filename="../language_dialog.py" line="+23"/>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System ({language})</source>
        <translation>Système ({language})</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The language applies at the next start of DynoView.</source>
        <translation>La langue s’applique au prochain démarrage de DynoView.</translation>
    </message>
</context>
<context>
    <name>LiveBar</name>
    <message>
        <location filename="../../locks/live_bar.py" line="+45"/>
        <source>Stream records…</source>
        <translation>Enregistrements de flux…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The stream records that changed the selected row</source>
        <translation>Les enregistrements de flux qui ont modifié la ligne sélectionnée</translation>
    </message>
</context>
<context>
    <name>LiveCounts</name>
    <message>
        <location line="-56"/>
        <source>Live · starting at {since}: finding the stream and its first records…</source>
        <extracomment>Notices on screen (the newest, on one line); all of them in the tooltip.</extracomment>
        <translation>En direct · depuis {since}&#xa0;: recherche du flux et de ses premiers enregistrements…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>up to date</source>
        <translation>à jour</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>catching up</source>
        <translation>rattrapage</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>streams of {accounts} and its locks table {locks}</source>
        <translation>flux de {accounts} et de sa table de verrous {locks}</translation>
    </message>
</context>
<context>
    <name>LiveMode</name>
    <message>
        <location filename="../../locks/live_mode.py" line="+237"/>
        <source>The table&apos;s stream ended.</source>
        <translation>Le flux de la table s’est terminé.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live mode stopped: {why}</source>
        <translation>Mode direct arrêté&#xa0;: {why}</translation>
    </message>
    <message>
        <location line="+133"/>
        <source>Stream records…</source>
        <translation>Enregistrements de flux…</translation>
    </message>
</context>
<context>
    <name>LocalTablesController</name>
    <message>
        <location filename="../../tables/controller.py" line="+56"/>
        <source>Connect to a local endpoint to {action}.</source>
        <extracomment>The table&apos;s name and a sentence: created and ACTIVE, but TTL could not be turned on.</extracomment>
        <translation>Connectez-vous à un point de terminaison local pour {action}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>create a table</source>
        <translation>créer une table</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>turn TTL on</source>
        <translation>activer le TTL</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>delete a table</source>
        <translation>supprimer une table</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Created {table}, but whether TTL on {attribute} was turned on is not known: {reason} Press Turn TTL on: it checks first, and sends that step only if TTL is off. Or run: {command}</source>
        <translation>{table} a été créée, mais on ne sait pas si le TTL sur {attribute} a été activé&#xa0;: {reason} Appuyez sur Activer le TTL&#xa0;: il vérifie d’abord, et n’envoie cette étape que si le TTL est désactivé. Ou lancez&#xa0;: {command}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Created {table}, but TTL on {attribute} was not turned on: {reason} The table is there without TTL: press Turn TTL on to try that step again, or run: {command}</source>
        <translation>{table} a été créée, mais le TTL sur {attribute} n’a pas été activé&#xa0;: {reason} La table existe sans TTL&#xa0;: appuyez sur Activer le TTL pour réessayer cette étape, ou lancez&#xa0;: {command}</translation>
    </message>
</context>
<context>
    <name>LocksPanel</name>
    <message>
        <location filename="../../locks/panel.py" line="+139"/>
        <source>Cancelled: the rows keep the order they had.</source>
        <translation>Annulé&#xa0;: les lignes gardent leur ordre.</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Open a table to pair its accounts with their locks.</source>
        <translation>Ouvrez une table pour associer ses comptes à leurs verrous.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The schema changed: run the full audit again.</source>
        <translation>Le schéma a changé&#xa0;: relancez l’audit complet.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Starting…</source>
        <translation>Démarrage…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The audit was cancelled; run it again for a complete view.</source>
        <translation>L’audit a été annulé&#xa0;; relancez-le pour une vue complète.</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n problem row(s) so far: duplicates, case clashes and expired items show as they are read; orphan and missing locks once every segment is read.</source>
        <translation>
            <numerusform>%n ligne à problème pour l’instant&#xa0;: doublons, collisions de casse et items expirés apparaissent à la lecture&#xa0;; verrous orphelins et manquants une fois tous les segments lus.</numerusform>
            <numerusform>%n lignes à problème pour l’instant&#xa0;: doublons, collisions de casse et items expirés apparaissent à la lecture&#xa0;; verrous orphelins et manquants une fois tous les segments lus.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The filter and search apply once the audit is complete.</source>
        <translation>Le filtre et la recherche s’appliquent une fois l’audit terminé.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../main_window.py" line="+160"/>
        <source>Tables</source>
        <extracomment>The update check (dynoview/ui/updates), started after the first paint by app.py. True once a signal closes the window: nobody is asked about unsent work (it is kept). The last error box shown (tests read it; it deletes itself when closed).</extracomment>
        <translation>Tables</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Read log</source>
        <translation>Journal des lectures</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>Starting the demo backend…</source>
        <translation>Démarrage du backend de démo…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connecting to {describe}…</source>
        <translation>Connexion à {describe}…</translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>Connected: %Ln table(s).{note}</source>
        <translation>
            <numerusform>Connecté&#xa0;: %Ln table.{note}</numerusform>
            <numerusform>Connecté&#xa0;: %Ln tables.{note}</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Table {wanted} does not exist on this connection. Did you mean {meant}?</source>
        <translation>La table {wanted} n’existe pas sur cette connexion. Vouliez-vous dire {meant}&#xa0;?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Table not found</source>
        <translation>Table introuvable</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Table {wanted} does not exist on this connection.</source>
        <translation>La table {wanted} n’existe pas sur cette connexion.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Not connected</source>
        <translation>Non connecté</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Opening {name}…</source>
        <translation>Ouverture de {name}…</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Opening {name} in a new Items tab…</source>
        <translation>Ouverture de {name} dans un nouvel onglet Items…</translation>
    </message>
    <message>
        <location filename="../../window/error_box.py" line="+57"/>
        <source>Settings were reset: the settings file was damaged.</source>
        <translation>Paramètres réinitialisés&#xa0;: le fichier de paramètres était endommagé.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Settings reset</source>
        <translation>Paramètres réinitialisés</translation>
    </message>
</context>
<context>
    <name>MfaDialog</name>
    <message>
        <location filename="../../session/mfa_dialog.py" line="+29"/>
        <source>MFA code needed</source>
        <translation>Code MFA requis</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Profile &lt;b&gt;{escape}&lt;/b&gt; assumes a role that needs a code from your MFA device. Type the six digits it shows now.</source>
        <translation>Le profil &lt;b&gt;{escape}&lt;/b&gt; endosse un rôle qui exige un code de votre appareil MFA. Tapez les six chiffres qu’il affiche.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>6 digits</source>
        <translation>6 chiffres</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Device</source>
        <translation>Appareil</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The code is sent to AWS STS once and never saved. The role&apos;s session is kept (as the AWS CLI keeps it) until it expires.</source>
        <translation>Le code est envoyé une fois à AWS STS et jamais enregistré. La session du rôle est conservée (comme le fait l’AWS CLI) jusqu’à son expiration.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sign in</source>
        <translation>Se connecter</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>1 try left</source>
        <translation>1 essai restant</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} tries left</source>
        <translation>{count} essais restants</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>AWS STS refused that code: it is not the one the device shows now, or it was used already. Type the code it shows now ({tries}).</source>
        <translation>AWS STS a refusé ce code&#xa0;: ce n’est pas celui que l’appareil affiche maintenant, ou il a déjà servi. Saisissez le code affiché maintenant ({tries}).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>That code was refused already, so it was not sent again. Wait for your device to show the next one ({tries}).</source>
        <translation>Ce code a déjà été refusé, il n’a donc pas été renvoyé. Attendez que votre appareil affiche le suivant ({tries}).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>An MFA code is six digits. Type the code your device shows now ({tries}).</source>
        <translation>Un code MFA compte six chiffres. Saisissez le code que votre appareil affiche maintenant ({tries}).</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>An MFA code is six digits ({count} of 6 typed). Nothing was sent.</source>
        <translation>Un code MFA compte six chiffres ({count} sur 6 saisis). Rien n’a été envoyé.</translation>
    </message>
</context>
<context>
    <name>OpenDraftDialog</name>
    <message>
        <location filename="../../builder/drafts_dialog.py" line="-90"/>
        <source>Open draft</source>
        <translation>Ouvrir un brouillon</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Made for</source>
        <comment>a draft&apos;s connection and table</comment>
        <translation>Faite pour</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved</source>
        <translation>Enregistré</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Actions</source>
        <translation>Actions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved drafts</source>
        <translation>Brouillons enregistrés</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+89"/>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <location line="-58"/>
        <source>No drafts saved yet: Drafts → Save draft as… keeps the builder&apos;s work under a name.</source>
        <translation>Aucun brouillon enregistré&#xa0;: Brouillons → Enregistrer le brouillon sous… garde le travail du générateur sous un nom.</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln draft(s) saved.</source>
        <translation>
            <numerusform>%Ln brouillon enregistré.</numerusform>
            <numerusform>%Ln brouillons enregistrés.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+38"/>
        <source>the table {table} on the connection {connection}</source>
        <translation>la table {table} sur la connexion {connection}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the table {table}</source>
        <translation>la table {table}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the connection {connection}</source>
        <translation>la connexion {connection}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It holds {actions} for {where}, saved {when}.</source>
        <translation>Il contient {actions} pour {where}, enregistré le {when}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It holds {actions}, saved {when}.</source>
        <translation>Il contient {actions}, enregistré le {when}.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Delete draft?</source>
        <translation>Supprimer le brouillon&#xa0;?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the draft “{name}”?</source>
        <translation>Supprimer le brouillon «&#xa0;{name}&#xa0;»&#xa0;?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deleting it cannot be undone.</source>
        <translation>La suppression est irréversible.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The draft “{name}” could not be deleted: {value}.</source>
        <translation>Impossible de supprimer le brouillon «&#xa0;{name}&#xa0;»&#xa0;: {value}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Deleted the draft “{name}”.</source>
        <translation>Brouillon «&#xa0;{name}&#xa0;» supprimé.</translation>
    </message>
</context>
<context>
    <name>OpenedOn</name>
    <message>
        <location filename="../../transfer/opened_on.py" line="+55"/>
        <source>no connection</source>
        <extracomment>The window&apos;s connection changed away from this one (emitted once, on the first change).</extracomment>
        <translation>aucune connexion</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The window is no longer connected. This dialog was opened on {then}: nothing more is sent from it. Close it, connect, and open it again.</source>
        <translation>La fenêtre n’est plus connectée. Cette boîte de dialogue a été ouverte sur {then}&#xa0;: elle n’envoie plus rien. Fermez-la, connectez-vous, puis rouvrez-la.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The window is now connected to {now}. This dialog was opened on {then}: close it and open it again to work on {name}.</source>
        <translation>La fenêtre est maintenant connectée à {now}. Cette boîte de dialogue a été ouverte sur {then}&#xa0;: fermez-la puis rouvrez-la pour travailler sur {name}.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The window is now on {now}.</source>
        <translation>La fenêtre est maintenant sur {now}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The window is no longer connected.</source>
        <translation>La fenêtre n’est plus connectée.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{window} This run goes on on {then}, where it started (Cancel stops it after the step in progress).</source>
        <translation>{window} Cette exécution continue sur {then}, où elle a commencé (Annuler l’arrête après l’étape en cours).</translation>
    </message>
</context>
<context>
    <name>OrderingBar</name>
    <message>
        <location filename="../../locks/layout.py" line="-78"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
</context>
<context>
    <name>OverrideDialog</name>
    <message>
        <location filename="../../builder/preflight_view.py" line="+172"/>
        <source>The preflight refused this transaction</source>
        <translation>La vérification préalable a refusé cette transaction</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The preflight warns about this transaction</source>
        <translation>La vérification préalable signale un risque sur cette transaction</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>break the lock on purpose</source>
        <translation>casser le verrou volontairement</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>accept the warning(s)</source>
        <translation>
            <numerusform>accepter l’avertissement</numerusform>
            <numerusform>accepter les avertissements</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To send it anyway and {why}, type {table}:</source>
        <translation>Pour l’envoyer quand même et {why}, tapez {table}&#xa0;:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Send anyway</source>
        <translation>Envoyer quand même</translation>
    </message>
</context>
<context>
    <name>ParameterTable</name>
    <message>
        <location filename="../../partiql/panel.py" line="+67"/>
        <source>Statement parameters</source>
        <translation>Paramètres de l’instruction</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The values of the statement&apos;s ? placeholders, in order. Type a value as the item editor takes it, or pick DynamoDB JSON and type a typed value such as {&quot;S&quot;: &quot;ada@lovelace.io&quot;}.</source>
        <translation>Les valeurs des&#xa0;? de l’instruction, dans l’ordre. Tapez une valeur comme dans l’éditeur d’item, ou choisissez JSON DynamoDB et tapez une valeur typée comme {&quot;S&quot;: &quot;ada@lovelace.io&quot;}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Parameter type</source>
        <translation>Type du paramètre</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>{wanted} ? in the statement</source>
        <translation>{wanted}&#xa0;? dans l’instruction</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>, %Ln value(s)</source>
        <translation>
            <numerusform>, %Ln valeur</numerusform>
            <numerusform>, %Ln valeurs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PartiqlController</name>
    <message>
        <location filename="../../partiql/controller.py" line="+124"/>
        <source>Connect first: File → Connect… (Ctrl+O).</source>
        <translation>Connectez-vous d’abord&#xa0;: Fichier → Connexion… (Ctrl+O).</translation>
    </message>
    <message numerus="yes">
        <location line="+115"/>
        <source>%Ln item(s)</source>
        <translation>
            <numerusform>%Ln item</numerusform>
            <numerusform>%Ln items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%Ln request(s)</source>
        <translation>
            <numerusform>%Ln requête</numerusform>
            <numerusform>%Ln requêtes</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{hidden_count} expired hidden</source>
        <translation>{hidden_count} expiré(s) masqué(s)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>more available (Load more, Ctrl+L)</source>
        <translation>suite disponible (Charger la suite, Ctrl+L)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>end of the result</source>
        <translation>fin du résultat</translation>
    </message>
</context>
<context>
    <name>PartiqlPanel</name>
    <message>
        <location filename="../../partiql/panel.py" line="+58"/>
        <source>the PartiQL result</source>
        <translation>le résultat PartiQL</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+187"/>
        <source>Type a SELECT and press Ctrl+Enter.</source>
        <translation>Tapez un SELECT puis Ctrl+Enter.</translation>
    </message>
    <message>
        <location line="-172"/>
        <source>Run</source>
        <translation>Exécuter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the statement (Ctrl+Enter or F5). Only SELECT runs here; writes go through the transaction builder.</source>
        <translation>Exécuter l’instruction (Ctrl+Enter ou F5). Seul SELECT s’exécute ici&#xa0;; les écritures passent par le générateur de transactions.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the statement in progress (Esc)</source>
        <translation>Arrêter l’instruction en cours (Échap)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Strongly consistent</source>
        <translation>Cohérence forte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Strong reads see every acknowledged write and cost twice as much; global secondary indexes only serve eventual reads.</source>
        <translation>Une lecture forte voit toute écriture confirmée et coûte deux fois plus&#xa0;; les index secondaires globaux ne servent que des lectures à terme.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Page </source>
        <translation>Page </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Page size</source>
        <translation>Taille de page</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items DynamoDB evaluates per request (Limit), before the WHERE filter: a page keeps reading until it has this many items</source>
        <translation>Items évalués par DynamoDB par requête (Limit), avant le filtre WHERE&#xa0;: une page continue de lire jusqu’à avoir ce nombre d’items</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load more</source>
        <translation>Charger la suite</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the next page with NextToken (Ctrl+L)</source>
        <translation>Lire la page suivante avec NextToken (Ctrl+L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Statement history</source>
        <translation>Historique des instructions</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The last 50 statements run on this connection: pick one to load it, then run it again</source>
        <translation>Les 50 dernières instructions exécutées sur cette connexion&#xa0;: choisissez-en une pour la charger, puis relancez-la</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>? values</source>
        <translation>Valeurs des&#xa0;?</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>Running…</source>
        <translation>Exécution…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>, reading more…</source>
        <translation>, lecture de la suite…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The last request: {summary} (every request is in the read log)</source>
        <translation>Dernière requête&#xa0;: {summary} (toutes les requêtes sont dans le journal des lectures)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Not run.</source>
        <translation>Non exécutée.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Your unsent statement on this connection is back; Ctrl+Z brings back what you had typed.</source>
        <translation>Votre instruction non envoyée sur cette connexion est revenue&#xa0;; Ctrl+Z rétablit ce que vous aviez saisi.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The statement you typed with no connection is back: connect, then Ctrl+Enter runs it.</source>
        <translation>L’instruction saisie sans connexion est revenue&#xa0;: connectez-vous, puis Ctrl+Enter l’exécute.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The statement you typed with no connection is kept for this connection now: Ctrl+Enter runs it.</source>
        <translation>L’instruction saisie sans connexion est désormais conservée pour cette connexion&#xa0;: Ctrl+Enter l’exécute.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Your unsent statement on this connection is back: Ctrl+Enter runs it.</source>
        <translation>Votre instruction non envoyée sur cette connexion est revenue&#xa0;: Ctrl+Enter l’exécute.</translation>
    </message>
    <message>
        <location line="+33"/>
        <source> (first of {rows_count} selected)</source>
        <translation> (première des {rows_count} sélectionnées)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>History ({history_count})</source>
        <translation>Historique ({history_count})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>History (empty)</source>
        <translation>Historique (vide)</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%Ln value(s)</source>
        <translation>
            <numerusform>%Ln valeur</numerusform>
            <numerusform>%Ln valeurs</numerusform>
        </translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Loaded from the history{values}: Ctrl+Enter runs it again, Ctrl+Z undoes the pick.</source>
        <translation>Chargée depuis l’historique{values}&#xa0;: Ctrl+Enter la relance, Ctrl+Z annule ce choix.</translation>
    </message>
</context>
<context>
    <name>PreflightView</name>
    <message>
        <location filename="../../builder/preflight_view.py" line="-126"/>
        <source>After this transaction (preflight)</source>
        <translation>Après cette transaction (vérification préalable)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Accounts and locks after this transaction</source>
        <translation>Comptes et verrous après cette transaction</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Load the right transaction</source>
        <translation>Charger la bonne transaction</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Replace this transaction with the template the preflight proposes</source>
        <translation>Remplacer cette transaction par le modèle proposé par la vérification préalable</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add guards</source>
        <translation>Ajouter les gardes</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Preflight: reading the accounts and locks this transaction touches…</source>
        <translation>Vérification préalable&#xa0;: lecture des comptes et verrous touchés par cette transaction…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source> Sending it needs the same explicit confirmation as an override.</source>
        <translation> L’envoyer exige la même confirmation explicite qu’un forçage.</translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>Add %Ln guard(s)</source>
        <translation>
            <numerusform>Ajouter %Ln garde</numerusform>
            <numerusform>Ajouter %Ln gardes</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add these conditions so the transaction itself refuses a stale write:
</source>
        <translation>Ajoutez ces conditions pour que la transaction elle-même refuse une écriture périmée&#xa0;:
</translation>
    </message>
</context>
<context>
    <name>PreviewView</name>
    <message>
        <location filename="../../builder/request_view.py" line="+26"/>
        <source>Exact request body</source>
        <translation>Corps exact de la requête</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to send yet: add an action (Add action), start from a template (Templates) or import a request (Import JSON).</source>
        <translation>Rien à envoyer&#xa0;: ajoutez une action (Ajouter), partez d’un modèle (Modèles) ou importez une requête (Importer…).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Formatted (for reading; the exact bytes are the unformatted view)</source>
        <translation>Mis en forme (pour la lecture&#xa0;; les octets exacts sont dans la vue brute)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy exact request</source>
        <translation>Copier la requête exacte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exact request body (what is sent)</source>
        <translation>Corps exact de la requête (ce qui est envoyé)</translation>
    </message>
</context>
<context>
    <name>ProblemsView</name>
    <message>
        <location filename="../../builder/problems_view.py" line="+26"/>
        <source>Problems</source>
        <translation>Problèmes</translation>
    </message>
</context>
<context>
    <name>ProductionPatterns</name>
    <message>
        <location filename="../../session/settings_dialog.py" line="+39"/>
        <source>A connection whose profile name matches one of these patterns opens as production: read-only, and writing asks for the account id. * matches any text, ? one character, [abc] one of a set.</source>
        <translation>Une connexion dont le nom de profil correspond à l’un de ces motifs s’ouvre en production&#xa0;: lecture seule, et écrire demande l’id du compte. * correspond à tout texte,&#xa0;? à un caractère, [abc] à l’un d’un ensemble.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Production profile patterns</source>
        <translation>Motifs de profils de production</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>New production profile pattern</source>
        <translation>Nouveau motif de profil de production</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. *-prod</source>
        <translation>p. ex. *-prod</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
</context>
<context>
    <name>ProgressRow</name>
    <message>
        <location filename="../../transfer/progress_row.py" line="+32"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
</context>
<context>
    <name>QuitGuard</name>
    <message>
        <location filename="../../transfer/quit_guard.py" line="+145"/>
        <source>Stop and quit ends the import after the current batch. What was written stays, and Resume in Import… (or --resume) continues from where it stopped.</source>
        <extracomment>Set to True on the window when it closes without a person to answer (SIGTERM, logout).</extracomment>
        <translation>Arrêter et quitter termine l’import après le lot en cours. Ce qui a été écrit reste, et Reprendre dans Importer… (ou --resume) continue là où il s’est arrêté.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stop and quit ends the export and removes its partial file, so no incomplete export is left looking complete.</source>
        <translation>Arrêter et quitter termine l’export et supprime son fichier partiel&#xa0;: aucun export incomplet ne reste avec l’air d’être complet.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>An import and an export are running.</source>
        <translation>Un import et un export sont en cours.</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>An import is running.</source>
        <translation>Un import est en cours.</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Stop and quit ends Repair all after the finding in progress: what it sent is in the action log with its outcome, and Continue or a new audit picks up the rest.</source>
        <translation>Arrêter et quitter termine Tout réparer après le constat en cours&#xa0;: ce qui a été envoyé figure dans le journal des actions avec son résultat, et Continuer ou un nouvel audit reprend le reste.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Wait for the answer and quit</source>
        <translation>Attendre la réponse et quitter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep working</source>
        <translation>Continuer à travailler</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A transaction that was sent cannot be stopped safely. {quit} waits for its answer and records its outcome in the action log before closing; {keep} shows the outcome in the builder.</source>
        <translation>Une transaction envoyée ne peut pas être arrêtée sans risque. «&#xa0;{quit}&#xa0;» attend sa réponse et inscrit son issue dans le journal des actions avant de fermer&#xa0;; «&#xa0;{keep}&#xa0;» affiche l’issue dans le constructeur.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An export is running.</source>
        <translation>Un export est en cours.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repair all is running.</source>
        <translation>Tout réparer est en cours.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A transaction is being sent to {table}: its answer is awaited.</source>
        <translation>Une transaction est en cours d’envoi vers {table}&#xa0;: sa réponse est attendue.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Several tasks are running.</source>
        <translation>Plusieurs tâches sont en cours.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+46"/>
        <source>Quit DynoView</source>
        <translation>Quitter DynoView</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Quit now</source>
        <translation>Quitter maintenant</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{waiting}

Quit now closes without the answer: if it is not recorded, the transaction&apos;s outcome will be settled by the next execution on this connection, from the action log.</source>
        <translation>{waiting}

«&#xa0;Quitter maintenant&#xa0;» ferme sans la réponse&#xa0;: si elle n’est pas inscrite, l’issue de la transaction sera établie par la prochaine exécution sur cette connexion, à partir du journal des actions.</translation>
    </message>
    <message>
        <location line="-110"/>
        <source>Stop and quit</source>
        <translation>Arrêter et quitter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep running</source>
        <translation>Continuer</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Stop, don&apos;t quit</source>
        <translation>Arrêter sans quitter</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Stopping Repair all after the finding in progress…</source>
        <translation>Arrêt de Tout réparer après le constat en cours…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Waiting for DynamoDB&apos;s answer to the transaction sent to {table}…</source>
        <translation>En attente de la réponse de DynamoDB à la transaction envoyée vers {table}…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stopping the import and the export before quitting…</source>
        <translation>Arrêt de l’import et de l’export avant de quitter…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopping the running tasks before quitting…</source>
        <translation>Arrêt des tâches en cours avant de quitter…</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Stopping the import after the current batch…</source>
        <translation>Arrêt de l’import après le lot en cours…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopping the export…</source>
        <translation>Arrêt de l’export…</translation>
    </message>
</context>
<context>
    <name>ReadCodeDialog</name>
    <message>
        <location filename="../../codegen/read_code_dialog.py" line="+52"/>
        <source>{operation} as code</source>
        <translation>{operation} en code</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Language:</source>
        <translation>&amp;Langage&#xa0;:</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Copy the code shown to the clipboard</source>
        <translation>Copier le code affiché dans le presse-papiers</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the code shown to a file</source>
        <translation>Enregistrer le code affiché dans un fichier</translation>
    </message>
</context>
<context>
    <name>ReadForm</name>
    <message>
        <location filename="../../items/read_form.py" line="+57"/>
        <source>Read</source>
        <translation>Lecture</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Scan reads every item; Query reads one partition key (cheaper)</source>
        <translation>Scan lit tous les items&#xa0;; Query lit une clé de partition (moins cher)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read the table or one of its indexes</source>
        <translation>Lire la table ou l’un de ses index</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Strongly consistent</source>
        <translation>Cohérence forte</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Page </source>
        <translation>Page </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hide expired</source>
        <translation>Masquer les expirés</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>Hide items whose TTL has passed but that DynamoDB has not deleted yet (they are still in the table)</source>
        <translation>Masquer les items dont le TTL est passé mais que DynamoDB n’a pas encore supprimés (ils sont encore dans la table)</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Run</source>
        <translation>Exécuter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the read (Ctrl+R or F5)</source>
        <translation>Lancer la lecture (Ctrl+R ou F5)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the read in progress (Esc)</source>
        <translation>Arrêter la lecture en cours (Échap)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Table or index</source>
        <translation>Table ou index</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Page size</source>
        <translation>Taille de page</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Items per page read</source>
        <translation>Items par page lue</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>on</source>
        <comment>Scan or Query on a table or an index</comment>
        <translation>sur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mode</source>
        <translation>Mode</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>PK =</source>
        <translation>PK =</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>partition key value</source>
        <translation>valeur de clé de partition</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>sort key value</source>
        <translation>valeur de clé de tri</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+34"/>
        <source>upper bound</source>
        <translation>borne haute</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>Sort key value</source>
        <translation>Valeur de clé de tri</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sort key upper bound</source>
        <translation>Borne haute de la clé de tri</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>attribute (optional)</source>
        <translation>attribut (facultatif)</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+133"/>
        <source>value</source>
        <translation>valeur</translation>
    </message>
    <message>
        <location line="-128"/>
        <source>Filter attribute</source>
        <translation>Attribut de filtre</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Optional: only items whose attribute matches</source>
        <translation>Facultatif&#xa0;: seuls les items dont l’attribut correspond</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter operator</source>
        <translation>Opérateur de filtre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter value type</source>
        <translation>Type de valeur du filtre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter value</source>
        <translation>Valeur du filtre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter upper bound</source>
        <translation>Borne supérieure du filtre</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter</source>
        <translation>Filtre</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>The attribute name {name} begins or ends with blank space, and no item read so far has it: the filter uses it exactly as typed.</source>
        <translation>Le nom d’attribut {name} commence ou finit par une espace, et aucun élément lu jusqu’ici ne l’a&#xa0;: le filtre l’utilise exactement tel que saisi.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{trimmed} is another attribute.</source>
        <translation>{trimmed} est un autre attribut.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>[&quot;a&quot;, &quot;b&quot;]</source>
        <translation>[&quot;a&quot;, &quot;b&quot;]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A JSON list of up to {count} values of the chosen type</source>
        <translation>Une liste JSON d’au plus {count} valeurs du type choisi</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no sort key</source>
        <translation>pas de clé de tri</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{name} is a global secondary index: GSIs only serve eventually consistent reads.</source>
        <translation>{name} est un index secondaire global&#xa0;: les GSI ne servent que des lectures à cohérence à terme.</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The index {index} does not hold the TTL attribute {attribute}, so its rows cannot tell expired items apart: read the table to hide them.</source>
        <translation>L’index {index} ne contient pas l’attribut TTL {attribute}, ses lignes ne distinguent donc pas les éléments expirés&#xa0;: lisez la table pour les masquer.</translation>
    </message>
</context>
<context>
    <name>ReadHistoryDialog</name>
    <message>
        <location filename="../../items/history_dialog.py" line="+44"/>
        <source>Reads of {table}</source>
        <translation>Lectures de {table}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved reads</source>
        <translation>Lectures enregistrées</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Recent reads (most recent first)</source>
        <translation>Lectures récentes (plus récentes d’abord)</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1"/>
        <source>Name for the selected read</source>
        <translation>Nom de la lecture sélectionnée</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save as</source>
        <translation>Enregistrer sous</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete saved</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Run</source>
        <translation>Exécuter</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>No reads of this table yet: run one in the Items tab and it appears here.</source>
        <translation>Aucune lecture de cette table&#xa0;: lancez-en une dans l’onglet Items et elle apparaîtra ici.</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Type a name for the read first.</source>
        <translation>Tapez d’abord un nom pour la lecture.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This table has {SAVED_LIMIT} saved reads: delete one first.</source>
        <translation>Cette table a {SAVED_LIMIT} lectures enregistrées&#xa0;: supprimez-en une d’abord.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved as {name}.</source>
        <translation>Enregistrée sous {name}.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Delete saved read?</source>
        <translation>Supprimer la lecture enregistrée&#xa0;?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the saved read “{name}” of {table}?</source>
        <translation>Supprimer la lecture enregistrée «&#xa0;{name}&#xa0;» de {table}&#xa0;?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It reads: {read}. The recent reads and the table&apos;s items stay; deleting it cannot be undone.</source>
        <translation>Elle lit&#xa0;: {read}. Les lectures récentes et les items de la table restent&#xa0;; la suppression est irréversible.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Deleted {name}.</source>
        <translation>{name} supprimée.</translation>
    </message>
</context>
<context>
    <name>ReadLogModel</name>
    <message>
        <location filename="../../window/read_log.py" line="+122"/>
        <source> Estimate: {estimate_basis}.</source>
        <translation> Estimation&#xa0;: {estimate_basis}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>As DynamoDB reported it, and the app&apos;s own estimate from item sizes (4 KB read units, halved for eventual reads).</source>
        <translation>Tel qu’annoncé par DynamoDB, et l’estimation de l’application d’après la taille des items (unités de lecture de 4 Ko, divisées par deux en lecture à terme).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tables read with different consistency: {tables}.</source>
        <translation>Tables lues avec des cohérences différentes&#xa0;: {tables}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Strongly consistent: reflects every write acknowledged before the read.</source>
        <translation>Fortement cohérente&#xa0;: reflète toute écriture confirmée avant la lecture.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Eventually consistent: may miss writes from the last second; costs half.</source>
        <translation>Cohérence à terme&#xa0;: peut manquer les écritures de la dernière seconde&#xa0;; coûte moitié moins.</translation>
    </message>
</context>
<context>
    <name>ReadLogView</name>
    <message>
        <location line="+15"/>
        <source>Read log</source>
        <translation>Journal des lectures</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Request sent</source>
        <translation>Requête envoyée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Select a read to see the exact request sent.</source>
        <translation>Sélectionnez une lecture pour voir la requête exacte envoyée.</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Copy as code…</source>
        <translation>Copier en code…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A {operation} cannot be exported as code: only GetItem, Query and Scan can.</source>
        <translation>Un {operation} ne peut pas être exporté en code&#xa0;: seuls GetItem, Query et Scan le peuvent.</translation>
    </message>
</context>
<context>
    <name>ReconnectKeeper</name>
    <message>
        <location filename="../../session/reconnect.py" line="+36"/>
        <source>Connected to {new}: what was open on {old} ({what}) was closed.</source>
        <translation>Connecté à {new}&#xa0;: ce qui était ouvert sur {old} ({what}) a été fermé.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reconnected to {place}: the open tabs, the table and the query were kept.</source>
        <translation>Reconnecté à {place}&#xa0;: les onglets ouverts, la table et la requête sont conservés.</translation>
    </message>
</context>
<context>
    <name>RecordsDialog</name>
    <message>
        <location filename="../../locks/live_records.py" line="+33"/>
        <source>Stream records: {title}</source>
        <translation>Enregistrements de flux&#xa0;: {title}</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln change(s)</source>
        <translation>
            <numerusform>%Ln modification</numerusform>
            <numerusform>%Ln modifications</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{changes} of this row since Live mode started, newest first. “caused by” is the write; “same moment” the records written with it (the rest of its transaction, as far as the stream shows it).</source>
        <translation>{changes} de cette ligne depuis le début du mode direct, les plus récentes d’abord. «&#xa0;caused by&#xa0;» est l’écriture&#xa0;; «&#xa0;same moment&#xa0;», les enregistrements écrits avec elle (le reste de sa transaction, pour autant que le flux le montre).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Stream records of this row</source>
        <translation>Enregistrements de flux de cette ligne</translation>
    </message>
</context>
<context>
    <name>ReleaseLockForm</name>
    <message>
        <location filename="../../builder/lock_forms.py" line="+41"/>
        <source>Release the {name} lock {value}</source>
        <translation>Libérer le verrou {name} {value}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deletes the lock, only while it exists, so the {name} {value} can be used again. Release a lock only when no account holds its value: otherwise that account&apos;s value is no longer protected.</source>
        <translation>Supprime le verrou, s’il existe encore, pour que la valeur {name} {value} soit réutilisable. Ne libérez un verrou que si aucun compte ne détient sa valeur&#xa0;: sinon la valeur de ce compte n’est plus protégée.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lock</source>
        <translation>Verrou</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Who holds it</source>
        <translation>Détenteur</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not checked here: run Diagnose on the value if unsure.</source>
        <translation>Non vérifié ici&#xa0;: lancez Diagnostiquer sur la valeur en cas de doute.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>optional, e.g. {account_pk_prefix}4c5d6e</source>
        <translation>facultatif, p. ex. {account_pk_prefix}4c5d6e</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+14"/>
        <source>Former owner</source>
        <translation>Ancien propriétaire</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>If the lock was left by an account that changed its value, name it: the transaction then also checks that it no longer holds {value}.</source>
        <translation>Si le verrou a été laissé par un compte qui a changé de valeur, indiquez-le&#xa0;: la transaction vérifie alors aussi qu’il ne détient plus {value}.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>{value} holds {name} {value2}: this lock is not an orphan, and releasing it would leave that value unprotected. Change or delete the account instead.</source>
        <translation>{value} détient {name} {value2}&#xa0;: ce verrou n’est pas orphelin, et le libérer laisserait cette valeur sans protection. Modifiez ou supprimez plutôt le compte.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{owner} holds {name} {value} (as the rule normalises it): this lock is not an orphan, and releasing it would leave that value unprotected.</source>
        <translation>{owner} détient {name} {value} (tel que la règle le normalise)&#xa0;: ce verrou n’est pas orphelin, et le libérer laisserait cette valeur sans protection.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Reading the former owner…</source>
        <translation>Lecture de l’ancien propriétaire…</translation>
    </message>
</context>
<context>
    <name>RepairDialog</name>
    <message>
        <location filename="../../locks/repair_dialog.py" line="+90"/>
        <source>Repair all — {name}</source>
        <translation>Tout réparer — {name}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>these repairs</source>
        <translation>ces réparations</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no connection</source>
        <translation>aucune connexion</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{summary} Table {name} on {where}.</source>
        <translation>{summary} Table {name} sur {where}.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Each repair first re-reads its lock and account with strongly consistent reads and runs the preflight; a finding that changed since the audit is skipped. Duplicates, case clashes and expired items are listed for you to decide.</source>
        <translation>Chaque réparation relit d’abord son verrou et son compte en lecture fortement cohérente et passe la vérification préalable&#xa0;; un constat qui a changé depuis l’audit est ignoré. Doublons, collisions de casse et items expirés sont listés pour que vous décidiez.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Nothing sent yet.</source>
        <translation>Rien d’envoyé pour l’instant.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Findings to repair</source>
        <translation>Constats à réparer</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Rate:</source>
        <translation>Débit&#xa0;:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> per second</source>
        <translation> par seconde</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At most this many findings are re-checked and repaired per second.</source>
        <translation>Nombre maximal de constats revérifiés et réparés par seconde.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Confirmation</source>
        <translation>Confirmation</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Type {type_to_confirm} to confirm</source>
        <translation>Tapez {type_to_confirm} pour confirmer</translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>&amp;Repair %Ln finding(s)</source>
        <translation>
            <numerusform>&amp;Réparer %Ln constat</numerusform>
            <numerusform>&amp;Réparer %Ln constats</numerusform>
        </translation>
    </message>
    <message>
        <location line="+57"/>
        <source>&amp;Continue ({remaining} left)</source>
        <translation>&amp;Continuer (reste {remaining})</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop after the finding in progress; Continue picks up from there.</source>
        <translation>Arrêter après le constat en cours&#xa0;; Continuer reprend à partir de là.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>
Request: {request}</source>
        <translation>
Requête&#xa0;: {request}</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Repairing: each finding is re-checked, then repaired…</source>
        <translation>Réparation&#xa0;: chaque constat est revérifié, puis réparé…</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Stopping after the finding in progress…</source>
        <translation>Arrêt après le constat en cours…</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Cancelled. {summary} Continue picks up where it stopped.</source>
        <translation>Annulé. {summary} Continuer reprend là où cela s’est arrêté.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> Stopped by an error: {error}</source>
        <translation> Arrêté par une erreur&#xa0;: {error}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{name} on {where}</source>
        <translation>{name} sur {where}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repair all on {name}: {summary}</source>
        <translation>Tout réparer sur {name}&#xa0;: {summary}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Nothing more was sent: {message}</source>
        <translation>Plus rien n’a été envoyé&#xa0;: {message}</translation>
    </message>
</context>
<context>
    <name>RepairModel</name>
    <message>
        <location filename="../../locks/repair_model.py" line="+106"/>
        <source>needs a decision</source>
        <translation>décision requise</translation>
    </message>
</context>
<context>
    <name>ResolveDuplicateForm</name>
    <message>
        <location filename="../../builder/lock_forms.py" line="+43"/>
        <source>Resolve duplicate {name} {shared}</source>
        <translation>Résoudre le doublon {name} {shared}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{accounts_count} accounts hold the {name} {shared}: uniqueness is already broken. Choose the account that keeps it; another one gives it up, in one transaction that checks the kept account and its lock and changes the other only while it still holds the value.</source>
        <translation>{accounts_count} comptes détiennent {name} {shared}&#xa0;: l’unicité est déjà rompue. Choisissez le compte qui le garde&#xa0;; un autre y renonce, en une transaction qui vérifie le compte gardé et son verrou et ne modifie l’autre que s’il détient encore la valeur.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Keeps {name}</source>
        <translation>Garde {name}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Gives up {name}</source>
        <translation>Renonce à {name}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A new {name}:</source>
        <translation>Nouveau {name}&#xa0;:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No {name} (remove the attribute)</source>
        <translation>Aucun {name} (retirer l’attribut)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the other account&apos;s new {name}</source>
        <translation>nouveau {name} de l’autre compte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The other account&apos;s new {name}</source>
        <translation>Nouveau {name} de l’autre compte</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>It gets</source>
        <translation>Il reçoit</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Choose the account that keeps {shared}.</source>
        <translation>Choisissez le compte qui garde {shared}.</translation>
    </message>
</context>
<context>
    <name>RestoreNote</name>
    <message>
        <location filename="../../builder/restore_note.py" line="+22"/>
        <source>Discard</source>
        <translation>Abandonner</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Throw the restored work away (Ctrl+Z brings it back)</source>
        <translation>Jeter le travail restauré (Ctrl+Z le rétablit)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+14"/>
        <source>Keep</source>
        <translation>Garder</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>Keep the restored work and hide this note</source>
        <translation>Garder le travail restauré et masquer cette note</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>OK</source>
        <translation>OK</translation>
    </message>
</context>
<context>
    <name>ResultPane</name>
    <message>
        <location filename="../../items/result_pane.py" line="+128"/>
        <source>Items</source>
        <translation>Items</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One row per item; Enter or a selection shows it in full</source>
        <translation>Une ligne par item&#xa0;; Entrée ou une sélection l’affiche en entier</translation>
    </message>
</context>
<context>
    <name>RowList</name>
    <message>
        <location filename="../../builder/fields.py" line="+64"/>
        <location line="+1"/>
        <source>Remove this row</source>
        <translation>Retirer cette ligne</translation>
    </message>
</context>
<context>
    <name>RowRepairs</name>
    <message>
        <location filename="../../locks/row_repairs.py" line="+69"/>
        <source>{why} Nothing is sent from this form: close it, and open it again from the audit or diagnosis of the table the window shows.</source>
        <translation>{why} Rien n’est envoyé depuis ce formulaire&#xa0;: fermez-le, et rouvrez-le depuis l’audit ou le diagnostic de la table que montre la fenêtre.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The window has no table open now.</source>
        <translation>La fenêtre n’a plus de table ouverte.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The window shows the table {name} now.</source>
        <translation>La fenêtre montre maintenant la table {name}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This form was opened on the table {table} of {then}. {now}</source>
        <translation>Ce formulaire a été ouvert sur la table {table} de {then}. {now}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{title}: nothing was opened in the builder. {why}</source>
        <translation>{title}&#xa0;: rien n’a été ouvert dans le générateur. {why}</translation>
    </message>
</context>
<context>
    <name>SaveDraftDialog</name>
    <message>
        <location filename="../../builder/drafts_dialog.py" line="-179"/>
        <source>Save draft as</source>
        <translation>Enregistrer le brouillon sous</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Draft name</source>
        <translation>Nom du brouillon</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Saves the builder&apos;s {describe} under a name: Drafts → Open draft… brings them back.</source>
        <translation>Enregistre sous un nom le contenu du générateur ({describe})&#xa0;: Brouillons → Ouvrir un brouillon… le rétablit.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Name</source>
        <translation>&amp;Nom</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>A draft named “{name}” exists: saving replaces it.</source>
        <translation>Un brouillon «&#xa0;{name}&#xa0;» existe&#xa0;: l’enregistrer le remplace.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The draft could not be saved: {exc}</source>
        <translation>Impossible d’enregistrer le brouillon&#xa0;: {exc}</translation>
    </message>
</context>
<context>
    <name>SchemaActions</name>
    <message>
        <location filename="../../locks/schema_actions.py" line="+53"/>
        <source>A schema was detected from the sample, but the schema editor holds your changes: save or cancel them, then choose Detect from sample again.</source>
        <translation>Un schéma a été détecté à partir de l’échantillon, mais l’éditeur de schéma contient vos modifications&#xa0;: enregistrez-les ou annulez-les, puis choisissez à nouveau Détecter le schéma.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not sure: this is a guess, not the table&apos;s layout. Edit it to match your items (the accounts&apos; key prefix and sort key, each lock&apos;s key template) before you save it.</source>
        <translation>Pas sûr&#xa0;: c’est une supposition, pas la structure de la table. Modifiez-la pour qu’elle corresponde à vos items (le préfixe de clé et la clé de tri des comptes, le modèle de clé de chaque verrou) avant de l’enregistrer.</translation>
    </message>
</context>
<context>
    <name>SchemaDialog</name>
    <message>
        <location filename="../../locks/schema_dialog.py" line="+140"/>
        <source>Uniqueness schema</source>
        <translation>Schéma d’unicité</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>This is your unsent edit of this table&apos;s uniqueness schema, kept when DynoView closed at {when}.</source>
        <translation>Voici votre modification non envoyée du schéma d’unicité de cette table, conservée quand DynoView s’est fermé à {when}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The schema has changed since: saving replaces it with the one below.</source>
        <translation>Le schéma a changé depuis : enregistrer le remplace par celui ci-dessous.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard it and start from the schema as it is now</source>
        <translation>L’abandonner et repartir du schéma tel qu’il est maintenant</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>How accounts are recognised (pk_name begins with account_pk_prefix, sk_name equals account_sk_value) and one rule per protected attribute: pk_template with {{value}}, sk_value of the lock (it may hold {{value}} too), normalisation ({value}), and an optional index_name (a GSI keyed on the attribute, used by Diagnose).</source>
        <translation>Comment les comptes sont reconnus (pk_name commence par account_pk_prefix, sk_name vaut account_sk_value) et une règle par attribut protégé&#xa0;: pk_template avec {{value}}, sk_value du verrou (peut aussi contenir {{value}}), normalisation ({value}), et un index_name facultatif (un GSI dont la clé est l’attribut, utilisé par Diagnostiquer).</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>(keep the schema below)</source>
        <translation>(garder le schéma ci-dessous)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Start from a preset:</source>
        <translation>Partir d’un préréglage&#xa0;:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Locks table</source>
        <translation>Table des verrous</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(the locks share the accounts&apos; table)</source>
        <translation>(les verrous partagent la table des comptes)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The table that holds the locks when it is not the accounts&apos; table. Its key names are locks_table.pk_name and locks_table.sk_name in the JSON below.</source>
        <translation>La table des verrous quand ce n’est pas celle des comptes. Ses noms de clé sont locks_table.pk_name et locks_table.sk_name dans le JSON ci-dessous.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Locks table:</source>
        <translation>Table des verrous&#xa0;:</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Uniqueness schema (JSON)</source>
        <translation>Schéma d’unicité (JSON)</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>sk_name: {title} needs a table with a sort key (its markers differ only in their sort key). Set sk_name to the table&apos;s sort key (e.g. SK), then choose the preset again.</source>
        <translation>sk_name&#xa0;: {title} demande une table avec une clé de tri (ses marqueurs ne diffèrent que par leur clé de tri). Mettez dans sk_name la clé de tri de la table (p. ex. SK), puis choisissez à nouveau le préréglage.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>{description} Confirmed from {source}.</source>
        <translation>{description} Confirmé depuis {source}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The JSON below could not be read, so the preset started from the schema this dialog opened with.</source>
        <translation>Le JSON ci-dessous n’a pas pu être lu, le préréglage est donc parti du schéma avec lequel cette boîte de dialogue s’est ouverte.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The model is {entity}, in each rule&apos;s {fields}: replace it there if your model has another name.</source>
        <translation>Le modèle est {entity}, dans le {fields} de chaque règle&#xa0;: remplacez-le là si votre modèle porte un autre nom.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> and </source>
        <translation> et </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Here the service is {service}, in pk_template (${service}#value_), and the entity is {entity}, in each rule&apos;s sk_value (#entity_{entity}): replace them there if yours have other names.</source>
        <translation>Ici le service est {service}, dans pk_template (${service}#value_), et l’entité est {entity}, dans le sk_value de chaque règle (#entity_{entity})&#xa0;: remplacez-les là si les vôtres portent d’autres noms.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The scope of {rules} is {placeholder}: set it to your model&apos;s scope template (e.g. ${{tenantId}}).</source>
        <translation>La portée de {rules} est {placeholder}&#xa0;: remplacez-la par le modèle de portée de votre modèle (p. ex. ${{tenantId}}).</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Locks table: &quot;{name}&quot; is not a DynamoDB table name. Use 3 to 255 letters, digits, underscores (_), hyphens (-) or dots (.), or leave the field empty when the locks share the accounts&apos; table.</source>
        <translation>Table de verrous&#xa0;: «&#xa0;{name}&#xa0;» n’est pas un nom de table DynamoDB. Utilisez de 3 à 255 lettres, chiffres, tirets bas (_), tirets (-) ou points (.), ou laissez le champ vide quand les verrous partagent la table des comptes.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>a string is not closed: end it with &quot; on its line</source>
        <translation>une chaîne n’est pas fermée&#xa0;: terminez-la par &quot; sur sa ligne</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>line {lineno} column {colno}: not valid JSON ({msg}).</source>
        <translation>ligne {lineno} colonne {colno}&#xa0;: JSON invalide ({msg}).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This JSON is nested far too deeply to be a schema.</source>
        <translation>Ce JSON est bien trop imbriqué pour être un schéma.</translation>
    </message>
</context>
<context>
    <name>SendBar</name>
    <message>
        <location filename="../../builder/toolbar.py" line="-41"/>
        <source>Check preflight</source>
        <translation>Vérifier</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the accounts and locks after this transaction, without sending it (Ctrl+Shift+K)</source>
        <translation>Montrer les comptes et verrous après cette transaction, sans l’envoyer (Ctrl+Shift+K)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Execute</source>
        <translation>Exécuter</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Execute (Ctrl+Return): asks for confirmation first</source>
        <translation>Exécuter (Ctrl+Return)&#xa0;: demande d’abord confirmation</translation>
    </message>
</context>
<context>
    <name>SendFlow</name>
    <message>
        <location filename="../../builder/send_flow.py" line="+252"/>
        <source>Preflight: reading the accounts and locks this transaction touches…</source>
        <extracomment>Tables a DescribeTable said are not on this connection -&gt; the table named like it (or None): the builder says so at their actions&apos; Table field.</extracomment>
        <translation>Vérification préalable&#xa0;: lecture des comptes et verrous touchés par cette transaction…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Use the proposed template, or fix the actions.</source>
        <translation>Utilisez le modèle proposé, ou corrigez les actions.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change the value, or Execute again and confirm the warning.</source>
        <translation>Changez la valeur, ou exécutez à nouveau et confirmez l’avertissement.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Not executed: the confirmation was cancelled.</source>
        <translation>Non exécutée&#xa0;: la confirmation a été annulée.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Not executed: the preflight&apos;s refusal or warning for these actions was not confirmed. Execute again to see it.</source>
        <translation>Non exécutée&#xa0;: le refus ou l’avertissement de la vérification préalable n’a pas été confirmé. Exécutez à nouveau pour le voir.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Executing…</source>
        <translation>Exécution…</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>{missing} The preflight did not run; nothing was sent.</source>
        <translation>{missing} La vérification préalable n’a pas été lancée&#xa0;; rien n’a été envoyé.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The transaction changed during the preflight; nothing was sent. Execute again.</source>
        <translation>La transaction a changé pendant la vérification préalable&#xa0;; rien n’a été envoyé. Exécutez à nouveau.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The preflight could not read the items this transaction touches, so nothing was sent. {message}</source>
        <translation>La vérification préalable n’a pas pu lire les items touchés par cette transaction, donc rien n’a été envoyé. {message}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No credentials could be had to sign the transaction, so nothing was sent. {message}</source>
        <translation>Aucun identifiant n’a pu être obtenu pour signer la transaction, donc rien n’a été envoyé. {message}</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The connection changed before the send (from {old}, now none): nothing was sent. Connect, then press Execute again.</source>
        <translation>La connexion a changé avant l’envoi (depuis {old}, plus aucune maintenant)&#xa0;: rien n’a été envoyé. Connectez-vous, puis cliquez de nouveau sur Exécuter.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The connection changed before the send (from {old} to {new}): nothing was sent. Press Execute again to check and send it on {new}.</source>
        <translation>La connexion a changé avant l’envoi (de {old} à {new})&#xa0;: rien n’a été envoyé. Cliquez de nouveau sur Exécuter pour la vérifier et l’envoyer sur {new}.</translation>
    </message>
</context>
<context>
    <name>SessionView</name>
    <message>
        <location filename="../../session/view.py" line="+66"/>
        <location line="+163"/>
        <source>Write mode…</source>
        <extracomment>botocore&apos;s errors for an SSO token that is missing, expired or refused.</extracomment>
        <translation>Mode écriture…</translation>
    </message>
    <message>
        <location line="-113"/>
        <source>Region {value}</source>
        <translation>Région {value}</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Sign in…</source>
        <translation>Se connecter…</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Sign in with AWS SSO in your browser, then connect again</source>
        <translation>Connectez-vous avec AWS SSO dans votre navigateur, puis reconnectez-vous</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>identity unknown · {value}</source>
        <translation>identité inconnue · {value}</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no region</source>
        <translation>aucune région</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>STS did not say who this is: {message}</source>
        <translation>STS n’a pas indiqué l’identité&#xa0;: {message}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Paramètres…</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Back to read-only</source>
        <translation>Revenir en lecture seule</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refuse writes again</source>
        <translation>Refuser de nouveau les écritures</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allow writes for this session (asks for the account id)</source>
        <translation>Autoriser les écritures pour cette session (demande l’id du compte)</translation>
    </message>
</context>
<context>
    <name>SetEditorDialog</name>
    <message>
        <location filename="../../items/value_dialogs.py" line="-97"/>
        <source>strings</source>
        <translation>chaînes</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>numbers</source>
        <translation>nombres</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>base64 binary</source>
        <translation>binaire base64</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit {name} ({code})</source>
        <translation>Modifier {name} ({code})</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The members as a JSON array ({kind}): some hold line breaks, only spaces or no-break spaces, which one member per line cannot show. A set holds each member once and cannot be empty: to empty it, remove the attribute.</source>
        <translation>Les membres sous forme de tableau JSON ({kind})&#xa0;: certains contiennent des sauts de ligne, seulement des espaces ou des espaces insécables, qu’un membre par ligne ne peut pas montrer. Un ensemble contient chaque membre une fois et ne peut pas être vide&#xa0;: pour le vider, retirez l’attribut.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>One member per line ({kind}). A set holds each member once and cannot be empty: to empty it, remove the attribute.</source>
        <translation>Un membre par ligne ({kind}). Un ensemble contient chaque membre une fois et ne peut être vide&#xa0;: pour le vider, retirez l’attribut.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Set members as a JSON array</source>
        <translation>Membres de l’ensemble en tableau JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set members, one per line</source>
        <translation>Membres de l’ensemble, un par ligne</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Line {number} holds only spaces, which one member per line cannot keep apart from a blank line: delete the line, or write the set with Edit as JSON… to keep such a member.</source>
        <translation>La ligne {number} ne contient que des espaces, qu’un membre par ligne ne peut distinguer d’une ligne vide&#xa0;: supprimez la ligne, ou écrivez l’ensemble avec Modifier en JSON… pour garder un tel membre.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../session/settings_dialog.py" line="+53"/>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Production connections</source>
        <translation>Connexions de production</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Updates</source>
        <translation>Mises à jour</translation>
    </message>
</context>
<context>
    <name>ShardTree</name>
    <message>
        <location filename="../../stream/record_view.py" line="+146"/>
        <source>Shard</source>
        <translation>Shard</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sequence numbers</source>
        <translation>Numéros de séquence</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shards</source>
        <translation>Shards</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shards map to partitions; a closed shard&apos;s children carry on after it. Select one to start at a sequence number in it.</source>
        <translation>Les shards correspondent aux partitions&#xa0;; les enfants d’un shard fermé prennent sa suite. Sélectionnez-en un pour démarrer à l’un de ses numéros de séquence.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Parent: {value}</source>
        <translation>Parent&#xa0;: {value}</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none (or trimmed)</source>
        <translation>aucun (ou élagué)</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../../shortcuts.py" line="+161"/>
        <location line="+9"/>
        <source>Keyboard shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Filter by command or key</source>
        <translation>Filtrer par commande ou touche</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Filter shortcuts</source>
        <translation>Filtrer les raccourcis</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keys</source>
        <translation>Touches</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Command</source>
        <translation>Commande</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Where</source>
        <translation>Où</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The command palette (Ctrl+K) finds every command by name too.</source>
        <translation>La palette de commandes (Ctrl+K) trouve aussi chaque commande par son nom.</translation>
    </message>
</context>
<context>
    <name>SideTabs</name>
    <message>
        <location filename="../../builder/side_tabs.py" line="+32"/>
        <source>Request</source>
        <translation>Requête</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+18"/>
        <source>Problems</source>
        <translation>Problèmes</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Problems ({problems_count})</source>
        <translation>Problèmes ({problems_count})</translation>
    </message>
</context>
<context>
    <name>SignUpForm</name>
    <message>
        <location filename="../../builder/template_forms.py" line="-171"/>
        <source>Sign up (new account)</source>
        <translation>Inscription (nouveau compte)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>New id</source>
        <translation>Nouvel id</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generate another account id (ids are generated, never made from a value)</source>
        <translation>Générer un autre id de compte (les id sont générés, jamais tirés d’une valeur)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Account</source>
        <translation>Compte</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the {name}, as the person types it</source>
        <translation>{name}, tel que la personne le tape</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the account&apos;s {attribute}: values are unique per {attribute}</source>
        <translation>le {attribute} du compte&#xa0;: les valeurs sont uniques par {attribute}</translation>
    </message>
</context>
<context>
    <name>SsoEndedOffer</name>
    <message>
        <location filename="../../session/sso_ended.py" line="+66"/>
        <source>Sign in… signs in again in your browser. This window stays connected and keeps what you typed and staged; retry what failed once signed in.</source>
        <translation>Se connecter… vous reconnecte dans votre navigateur. Cette fenêtre reste connectée et garde ce que vous avez saisi et préparé&#xa0;; réessayez ce qui a échoué une fois connecté.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sign in with AWS SSO in your browser, then retry</source>
        <translation>Connectez-vous avec AWS SSO dans votre navigateur, puis réessayez</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Signed in with AWS SSO for profile {profile}. Retry what failed (File › Refresh tables, or the read or send again).</source>
        <translation>Connecté avec AWS SSO pour le profil {profile}. Réessayez ce qui a échoué (Fichier › Actualiser les tables, ou relancez la lecture ou l’envoi).</translation>
    </message>
</context>
<context>
    <name>SsoSignInDialog</name>
    <message>
        <location filename="../../session/sso_dialog.py" line="+65"/>
        <source>Sign in with AWS SSO</source>
        <extracomment>How the verification page is opened (a test records it instead of starting a browser).</extracomment>
        <translation>Connexion avec AWS SSO</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Profile &lt;b&gt;{profile}&lt;/b&gt; needs an AWS SSO sign-in. Your browser opens on the sign-in page; check that it shows this code, then approve.</source>
        <translation>Le profil &lt;b&gt;{profile}&lt;/b&gt; exige une connexion AWS SSO. Votre navigateur s’ouvre sur la page de connexion&#xa0;; vérifiez qu’elle affiche ce code, puis approuvez.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Starting the sign-in…</source>
        <translation>Démarrage de la connexion…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the browser again</source>
        <translation>Rouvrir le navigateur</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Waiting for the approval at {verification_url} …</source>
        <translation>En attente de l’approbation sur {verification_url}…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>SSO sign-in</source>
        <translation>Connexion SSO</translation>
    </message>
</context>
<context>
    <name>StagedCell</name>
    <message>
        <location filename="../../items/staged_look.py" line="+34"/>
        <source>(removed)</source>
        <extracomment>The object name of a window&apos;s staged set (``staging.CellStaging``): the Items tab finds it without importing the edit code.</extracomment>
        <translation>(retiré)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Staged: {value}</source>
        <translation>Préparé&#xa0;: {value}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>removed</source>
        <translation>retiré</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>was {value}</source>
        <translation>était {value}</translation>
    </message>
</context>
<context>
    <name>StagedPane</name>
    <message>
        <location filename="../../items/staged_pane.py" line="+58"/>
        <source>Undo</source>
        <extracomment>A table&apos;s uniqueness rules by its name (``AppContext.schema_for``); None: no lock notes.</extracomment>
        <translation>Annuler</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last change to the staged cells (Ctrl+Z)</source>
        <translation>Annuler la dernière modification des cellules préparées (Ctrl+Z)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard</source>
        <translation>Abandonner</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drop the selected staged change (Delete)</source>
        <translation>Abandonner la modification préparée sélectionnée (Suppr)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard all</source>
        <translation>Tout abandonner</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Review and send…</source>
        <translation>Vérifier et envoyer…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open one guarded transaction in the builder: each item is updated only if it still holds the values you saw</source>
        <translation>Ouvrir une transaction protégée dans le générateur&#xa0;: chaque item n’est mis à jour que s’il contient encore les valeurs vues</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Staged changes</source>
        <translation>Modifications préparées</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Change</source>
        <translation>Modification</translation>
    </message>
    <message numerus="yes">
        <location line="+32"/>
        <source>Staged changes (%n)</source>
        <translation>
            <numerusform>Modifications préparées (%n)</numerusform>
            <numerusform>Modifications préparées (%n)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{table}: {key}</source>
        <translation>{table}&#xa0;: {key}</translation>
    </message>
</context>
<context>
    <name>StatementEdit</name>
    <message>
        <location filename="../../partiql/editor.py" line="+87"/>
        <source>PartiQL statement</source>
        <translation>Instruction PartiQL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SELECT * FROM &quot;accounts&quot; WHERE PK = ?   (Ctrl+Enter runs; Ctrl+Space completes)</source>
        <translation>SELECT * FROM &quot;accounts&quot; WHERE PK = ?   (Ctrl+Enter exécute&#xa0;; Ctrl+Space complète)</translation>
    </message>
</context>
<context>
    <name>StreamController</name>
    <message>
        <location filename="../../stream/controller.py" line="+167"/>
        <source>Reading the stream stopped: {message}</source>
        <translation>La lecture du flux s’est arrêtée&#xa0;: {message}</translation>
    </message>
</context>
<context>
    <name>StreamControls</name>
    <message>
        <location filename="../../stream/controls.py" line="+69"/>
        <source>Refresh</source>
        <translation>Actualiser</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Describe the stream again (shards open and close over time)</source>
        <translation>Relire la description du flux (les shards s’ouvrent et se ferment au fil du temps)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>sequence number</source>
        <translation>numéro de séquence</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sequence number</source>
        <translation>Numéro de séquence</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy one from a record (right-click it), then read at or after it</source>
        <translation>Copiez-en un depuis un enregistrement (clic droit), puis lisez à partir de lui ou après</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Read</source>
        <translation>Lire</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read every record available from this position, then stop</source>
        <translation>Lire tous les enregistrements disponibles depuis cette position, puis s’arrêter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Follow</source>
        <translation>Suivre</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep polling for new records (about twice a second)</source>
        <translation>Interroger en continu pour les nouveaux enregistrements (environ deux fois par seconde)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop polling without losing the position; resume within 15 minutes to reuse the iterators (after that they are re-acquired from the last record read)</source>
        <translation>Arrêter l’interrogation sans perdre la position&#xa0;; reprenez dans les 15 minutes pour réutiliser les itérateurs (ensuite ils sont réobtenus depuis le dernier enregistrement lu)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start at</source>
        <translation>Démarrer à</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>PK or PK,SK; several separated by ;</source>
        <translation>PK ou PK,SK&#xa0;; plusieurs séparés par&#xa0;;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show only records of these keys, e.g. UNIQ#EMAIL#ada@lovelace.io; ACCT#a1f9c3. A partition key alone matches its whole item collection. Escape , or ; in a value with \</source>
        <translation>Afficher seulement les enregistrements de ces clés, p. ex. UNIQ#EMAIL#ada@lovelace.io; ACCT#a1f9c3. Une clé de partition seule correspond à toute sa collection d’items. Échappez , ou&#xa0;; dans une valeur avec \</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Events shown</source>
        <translation>Événements affichés</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Keys</source>
        <translation>Clés</translation>
    </message>
</context>
<context>
    <name>StreamEventsView</name>
    <message>
        <location filename="../../stream/view.py" line="+33"/>
        <source>Stream records</source>
        <translation>Enregistrements de flux</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Show only this item</source>
        <translation>Afficher seulement cet item</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show this item collection (partition key)</source>
        <translation>Afficher cette collection d’items (clé de partition)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read after this record</source>
        <translation>Lire après cet enregistrement</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the item</source>
        <translation>Ouvrir l’item</translation>
    </message>
</context>
<context>
    <name>StreamPanel</name>
    <message>
        <location filename="../../stream/panel.py" line="+88"/>
        <source>Shards</source>
        <translation>Shards</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Order holds per item (one primary key): not across items or partitions, not even within one transaction.</source>
        <translation>L’ordre vaut par item (une clé primaire)&#xa0;: pas entre items ou partitions, pas même au sein d’une transaction.</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>Open a table to see its stream.</source>
        <translation>Ouvrez une table pour voir son flux.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Stream of {name}: describing…</source>
        <translation>Flux de {name}&#xa0;: description…</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>&lt;b&gt;Stream&lt;/b&gt; {arn}&lt;br&gt;&lt;b&gt;View type&lt;/b&gt; {view_type}: {view_type_text}&lt;br&gt;&lt;b&gt;Status&lt;/b&gt; {status}; %n shard(s), {open_shards} open. Records are kept 24 hours; reads are eventually consistent.</source>
        <translation>
            <numerusform>&lt;b&gt;Flux&lt;/b&gt; {arn}&lt;br&gt;&lt;b&gt;Type de vue&lt;/b&gt; {view_type}&#xa0;: {view_type_text}&lt;br&gt;&lt;b&gt;État&lt;/b&gt; {status}&#xa0;; %n shard, {open_shards} ouvert(s). Les enregistrements sont gardés 24 heures&#xa0;; les lectures sont à cohérence à terme.</numerusform>
            <numerusform>&lt;b&gt;Flux&lt;/b&gt; {arn}&lt;br&gt;&lt;b&gt;Type de vue&lt;/b&gt; {view_type}&#xa0;: {view_type_text}&lt;br&gt;&lt;b&gt;État&lt;/b&gt; {status}&#xa0;; %n shards, {open_shards} ouvert(s). Les enregistrements sont gardés 24 heures&#xa0;; les lectures sont à cohérence à terme.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+98"/>
        <source>Caught up after %Ln record(s). Press Follow to keep watching for new ones.</source>
        <translation>
            <numerusform>À jour après %Ln enregistrement. Cliquez sur Suivre pour guetter les nouveaux.</numerusform>
            <numerusform>À jour après %Ln enregistrements. Cliquez sur Suivre pour guetter les nouveaux.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+24"/>
        <source>%Ln record(s)</source>
        <translation>
            <numerusform>%Ln enregistrement</numerusform>
            <numerusform>%Ln enregistrements</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, {shown} shown by the filter</source>
        <translation>, {shown} affiché(s) par le filtre</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{dropped} oldest dropped from view</source>
        <translation>{dropped} plus anciens retirés de la vue</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{pending} being added</source>
        <translation>{pending} en cours d’ajout</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>stopped</source>
        <translation>arrêté</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>reading</source>
        <translation>lecture</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>paused</source>
        <translation>en pause</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>following (polling every {value:g} s)</source>
        <translation>suivi (interrogation toutes les {value:g} s)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>last poll {last_poll:%H:%M:%S}</source>
        <translation>dernière interrogation {last_poll:%H:%M:%S}</translation>
    </message>
</context>
<context>
    <name>StreamRecordView</name>
    <message>
        <location filename="../../stream/record_view.py" line="-119"/>
        <source>Attributes changed, old and new</source>
        <translation>Attributs modifiés, anciens et nouveaux</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attribute</source>
        <translation>Attribut</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Change</source>
        <translation>Modification</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Old</source>
        <translation>Ancien</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New</source>
        <translation>Nouveau</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+4"/>
        <source>Record JSON</source>
        <translation>JSON de l’enregistrement</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Old → new</source>
        <translation>Ancien → nouveau</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>unknown time</source>
        <translation>heure inconnue</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> This stream carries keys only, so there is nothing to compare.</source>
        <translation> Ce flux ne porte que les clés, il n’y a donc rien à comparer.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> No attribute changed: the write stored the same values.</source>
        <translation> Aucun attribut modifié&#xa0;: l’écriture a stocké les mêmes valeurs.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>unknown view type</source>
        <translation>type de vue inconnu</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> This stream ({view}) does not carry old images: the new image is below, with nothing to compare it to.</source>
        <translation> Ce flux ({view}) ne porte pas les images anciennes&#xa0;: la nouvelle image est ci-dessous, sans rien à quoi la comparer.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> This stream ({view}) does not carry new images: the old image is below, with nothing to compare it to.</source>
        <translation> Ce flux ({view}) ne porte pas les images nouvelles&#xa0;: l’ancienne image est ci-dessous, sans rien à quoi la comparer.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> This stream ({view}) does not carry old images, so only the keys are known.</source>
        <translation> Ce flux ({view}) ne porte pas les images anciennes&#xa0;: seules les clés sont connues.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> This stream ({view}) does not carry new images, so only the keys are known.</source>
        <translation> Ce flux ({view}) ne porte pas les images nouvelles&#xa0;: seules les clés sont connues.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>not in this stream</source>
        <translation>absent de ce flux</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not compared</source>
        <translation>non comparé</translation>
    </message>
</context>
<context>
    <name>TTL_LABELS</name>
    <message>
        <location filename="../../scans/ttl_labels.py" line="+24"/>
        <source>expired</source>
        <extracomment>The TTL chart&apos;s first bar: items whose TTL has passed but are still in the table.</extracomment>
        <translation>expiré</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>later</source>
        <extracomment>The TTL chart&apos;s last bar: items expiring after the last hour or day shown.</extracomment>
        <translation>plus tard</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;1 h</source>
        <extracomment>A TTL chart bar: items expiring within the hour (&quot;h&quot; for hours).</extracomment>
        <translation>&lt;1 h</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{first}–{last} h</source>
        <extracomment>A TTL chart bar: items expiring between {first} and {last} hours from now.</extracomment>
        <translation>{first}–{last} h</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;1 d</source>
        <extracomment>A TTL chart bar: items expiring within the day (&quot;d&quot; for days).</extracomment>
        <translation>&lt;1 j</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{first}–{last} d</source>
        <extracomment>A TTL chart bar: items expiring between {first} and {last} days from now.</extracomment>
        <translation>{first}–{last} j</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>TTL already passed; DynamoDB has not deleted these yet</source>
        <translation>TTL déjà dépassé&#xa0;; DynamoDB ne les a pas encore supprimés</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>after {start} local</source>
        <translation>après {start} (heure locale)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{start} – {end} local ({start_utc}–{end_utc} UTC)</source>
        <translation>{start} – {end} heure locale ({start_utc}–{end_utc} UTC)</translation>
    </message>
</context>
<context>
    <name>TablesPanel</name>
    <message>
        <location filename="../../window/tables_panel.py" line="-206"/>
        <source>Filter tables (Ctrl+T)</source>
        <translation>Filtrer les tables (Ctrl+T)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Filter tables</source>
        <translation>Filtrer les tables</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>Tables</source>
        <translation>Tables</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Description</source>
        <translation>Description</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Open {name} in a new Items tab</source>
        <translation>Ouvrir {name} dans un nouvel onglet Items</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Create table…</source>
        <translation>Créer une table…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete {name}…</source>
        <translation>Supprimer {name}…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Connect to a local endpoint (such as DynamoDB Local) to {action}.</source>
        <translation>Connectez-vous à un point de terminaison local (comme DynamoDB Local) pour {action}.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Create a table on this local endpoint</source>
        <translation>Créer une table sur ce point de terminaison local</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the selected table on this local endpoint</source>
        <translation>Supprimer la table sélectionnée sur ce point de terminaison local</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Select a table to delete in the Tables list.</source>
        <translation>Sélectionnez une table à supprimer dans la liste Tables.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Tables ({names_count})</source>
        <translation>Tables ({names_count})</translation>
    </message>
</context>
<context>
    <name>TaskRunner</name>
    <message>
        <location filename="../../tasks.py" line="+182"/>
        <source>(while handling an error of task {name!r})</source>
        <translation>(pendant le traitement d’une erreur de la tâche {name!r})</translation>
    </message>
</context>
<context>
    <name>TemplateForm</name>
    <message>
        <location filename="../../builder/form_base.py" line="+159"/>
        <source>This template as a Python (boto3) or TypeScript function, with an example sending the form&apos;s values (Alt+E)</source>
        <extracomment>The note&apos;s object name once the window moved away from where the form opened (tests).</extracomment>
        <translation>Ce modèle en fonction Python (boto3) ou TypeScript, avec un exemple qui envoie les valeurs du formulaire (Alt+E)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The transaction</source>
        <translation>La transaction</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>&lt;/ol&gt;&lt;p&gt;Nothing is sent yet: the builder shows the exact request to review, then Execute asks for confirmation.&lt;/p&gt;</source>
        <translation>&lt;/ol&gt;&lt;p&gt;Rien n’est encore envoyé&#xa0;: le générateur montre la requête exacte à vérifier, puis Exécuter demande confirmation.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;p&gt;Fill in the form: the actions appear here once it is valid.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Remplissez le formulaire&#xa0;: les actions apparaissent ici une fois qu’il est valide.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>TemplateRunner</name>
    <message>
        <location filename="../../builder/template_runner.py" line="+132"/>
        <source>Could not read the selected account&apos;s locks, so no repair is offered: </source>
        <translation>Impossible de lire les verrous du compte sélectionné, aucune réparation n’est donc proposée&#xa0;: </translation>
    </message>
    <message>
        <location line="+33"/>
        <source>{replace} does not apply to the selection.</source>
        <translation>{replace} ne s’applique pas à la sélection.</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>{title}: nothing was opened in the builder. {why}</source>
        <translation>{title}&#xa0;: rien n’a été ouvert dans le générateur. {why}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{windowTitle}: review the request, then Execute.</source>
        <translation>{windowTitle}&#xa0;: vérifiez la requête, puis exécutez.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>{describe_account} has no {name}: there is no lock to claim.</source>
        <translation>{describe_account} n’a pas de {name}&#xa0;: aucun verrou à poser.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reading the {name} lock {lock_pk}…</source>
        <translation>Lecture du verrou {name} {lock_pk}…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The {name} lock {lock_pk} already exists: nothing to claim. Diagnose the value to see who holds it.</source>
        <translation>Le verrou {name} {lock_pk} existe déjà&#xa0;: rien à poser. Diagnostiquez la valeur pour voir qui la détient.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{describe_account} has no {name}.</source>
        <translation>{describe_account} n’a pas de {name}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Looking for the accounts holding {name} {value}…</source>
        <translation>Recherche des comptes qui détiennent {name} {value}…</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>no account</source>
        <translation>aucun compte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only {who} holds {name} {value}: there is no duplicate to resolve.</source>
        <translation>Seul {who} détient {name} {value}&#xa0;: aucun doublon à résoudre.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>{name} is a protected value: your edit opens as the Change {name} template, which moves its lock in the same transaction.</source>
        <translation>{name} est une valeur protégée&#xa0;: votre modification s’ouvre dans le modèle Changer {name}, qui déplace son verrou dans la même transaction.</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>{names} (is a protected value|are protected values) ({moved}): the edited account is written only if it still holds the values you saw, and the same transaction puts each new lock (only where none exists) and releases each old one. Review, then Execute.</source>
        <translation>
            <numerusform>{names} est une valeur protégée ({moved})&#xa0;: le compte modifié n’est écrit que s’il contient encore les valeurs vues, et la même transaction pose chaque nouveau verrou (seulement s’il n’existe pas) et libère chaque ancien. Vérifiez, puis exécutez.</numerusform>
            <numerusform>{names} sont des valeurs protégées ({moved})&#xa0;: le compte modifié n’est écrit que s’il contient encore les valeurs vues, et la même transaction pose chaque nouveau verrou (seulement s’il n’existe pas) et libère chaque ancien. Vérifiez, puis exécutez.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TextEditorDialog</name>
    <message>
        <location filename="../../items/value_dialogs.py" line="+78"/>
        <source>Edit {name} ({code})</source>
        <translation>Modifier {name} ({code})</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The binary value as base64 ({count} characters), too long for the cell&apos;s line.</source>
        <translation>La valeur binaire en base64 ({count} caractères), trop longue pour la ligne de la cellule.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The string ({count} characters) as one JSON string, in double quotes: it holds characters this editor would change (carriage returns, line or paragraph separators, no-break spaces), shown escaped.</source>
        <translation>La chaîne ({count} caractères) sous forme d’une chaîne JSON, entre guillemets doubles&#xa0;: elle contient des caractères que cet éditeur changerait (retours chariot, séparateurs de ligne ou de paragraphe, espaces insécables), montrés échappés.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The string as it is stored ({count} characters), too long for the cell&apos;s line; line breaks are part of it.</source>
        <translation>La chaîne telle qu’elle est stockée ({count} caractères), trop longue pour la ligne de la cellule&#xa0;; les sauts de ligne en font partie.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Value as a JSON string</source>
        <translation>Valeur en chaîne JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Type the value as one JSON string, in double quotes (&quot;…&quot;), its special characters escaped as shown.</source>
        <translation>Saisissez la valeur comme une chaîne JSON, entre guillemets doubles (&quot;…&quot;), ses caractères spéciaux échappés comme montré.</translation>
    </message>
</context>
<context>
    <name>TextKeeper</name>
    <message>
        <location filename="../../kept_text.py" line="+105"/>
        <source>This is open in another window too: what you type here is not kept in case DynoView closes (that window&apos;s edit is). Save or cancel one of them.</source>
        <extracomment>Another dialog (any window, any process) keeps this subject: this one leaves it alone.</extracomment>
        <translation>Ceci est aussi ouvert dans une autre fenêtre : ce que vous saisissez ici n’est pas conservé au cas où DynoView se fermerait (la modification de cette fenêtre l’est). Enregistrez ou annulez l’une des deux.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The edit kept earlier could not be deleted ({error}): this dialog offers it again the next time it opens. Discard it then, once the folder can be written.</source>
        <translation>La modification gardée plus tôt n’a pas pu être supprimée ({error})&#xa0;: cette boîte de dialogue la proposera de nouveau à sa prochaine ouverture. Abandonnez-la alors, une fois le dossier accessible en écriture.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Your changes here could not be kept in case DynoView closes ({error}): save or copy them before you quit.</source>
        <translation>Vos modifications ici n’ont pas pu être conservées au cas où DynoView se fermerait ({error}) : enregistrez-les ou copiez-les avant de quitter.</translation>
    </message>
</context>
<context>
    <name>TokenRow</name>
    <message>
        <location filename="../../builder/token_row.py" line="+29"/>
        <source>ClientRequestToken: resending with the same token is idempotent for 10 minutes</source>
        <translation>ClientRequestToken&#xa0;: un renvoi avec le même jeton est idempotent pendant 10 minutes</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Regenerate</source>
        <translation>Régénérer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A new token: DynamoDB treats the next send as a new request</source>
        <translation>Un nouveau jeton&#xa0;: DynamoDB traite le prochain envoi comme une nouvelle requête</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ClientRequestToken</source>
        <translation>ClientRequestToken</translation>
    </message>
</context>
<context>
    <name>TransferButtons</name>
    <message>
        <location filename="../../items/transfer.py" line="+53"/>
        <source>Export…</source>
        <extracomment>Why the view&apos;s rows are only part of each item (an index&apos;s projection, a SELECT of named attributes: ``core.items.partial_rows``), or None when they are whole items.</extracomment>
        <translation>Exporter…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write the current result or the whole table to a file: DynamoDB JSON lines, plain JSON lines or CSV</source>
        <translation>Écrire le résultat actuel ou toute la table dans un fichier&#xa0;: lignes JSON DynamoDB, lignes JSON simples ou CSV</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy to table…</source>
        <translation>Copier vers…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+21"/>
        <source>Copy the selected items (or the whole result) to another table, through guarded Puts in the transaction builder</source>
        <translation>Copier les items sélectionnés (ou tout le résultat) vers une autre table, par des Puts protégés dans le générateur de transactions</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Import…</source>
        <translation>Importer…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+26"/>
        <source>Load items into this table from JSON lines, a JSON array, DynamoDB JSON, CSV or an S3 export, in guarded batches</source>
        <translation>Charger des items dans cette table depuis des lignes JSON, un tableau JSON, du JSON DynamoDB, du CSV ou un export S3, par lots protégés</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>This connection is read-only: importing writes items.</source>
        <translation>Cette connexion est en lecture seule&#xa0;: importer écrit des items.</translation>
    </message>
</context>
<context>
    <name>TtlTimelinePanel</name>
    <message>
        <location filename="../../scans/ttl_timeline_panel.py" line="+122"/>
        <source>Scan the table to see when its items expire.</source>
        <translation>Scannez la table pour voir quand ses items expirent.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>expires in (from now)</source>
        <translation>expire dans (à partir de maintenant)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>items</source>
        <translation>éléments</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan the table to see its TTL timeline.</source>
        <translation>Scannez la table pour voir sa chronologie TTL.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Auto</source>
        <translation>Auto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per hour</source>
        <translation>Par heure</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per day</source>
        <translation>Par jour</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Group expiries per hour or per day ahead (Auto picks hours when everything expires within 48 hours)</source>
        <translation>Grouper les expirations par heure ou par jour à venir (Auto choisit les heures quand tout expire sous 48 heures)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>up to </source>
        <translation>jusqu’à </translation>
    </message>
    <message>
        <location line="+1"/>
        <source> items</source>
        <translation> éléments</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A bounded Scan of keys and the TTL attribute only; every page leaves a read receipt</source>
        <translation>Un Scan borné des clés et de l’attribut TTL seulement&#xa0;; chaque page laisse un reçu de lecture</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scan table</source>
        <translation>Scanner la table</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the keys and TTL attribute of up to this many items</source>
        <translation>Lire les clés et l’attribut TTL de ce nombre d’items au plus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export PNG…</source>
        <translation>Exporter en PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the chart as a PNG image</source>
        <translation>Enregistrer le graphique en image PNG</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group</source>
        <translation>Grouper</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Items to scan</source>
        <translation>Items à scanner</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+45"/>
        <location line="+99"/>
        <source>Click a bar to list its items.</source>
        <translation>Cliquez sur une barre pour lister ses items.</translation>
    </message>
    <message>
        <location line="-141"/>
        <location line="+11"/>
        <source>TTL value</source>
        <translation>Valeur TTL</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Expires (local time)</source>
        <translation>Expire (heure locale)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+11"/>
        <source>Key</source>
        <translation>Clé</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click an item to open it</source>
        <translation>Double-cliquez sur un item pour l’ouvrir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items of the selected bar</source>
        <translation>Items de la barre sélectionnée</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+32"/>
        <location line="+131"/>
        <source>Will never expire</source>
        <translation>N’expireront jamais</translation>
    </message>
    <message>
        <location line="-161"/>
        <source>Reason</source>
        <translation>Raison</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items that will never expire</source>
        <translation>Items qui n’expireront jamais</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Open a table to see its TTL timeline.</source>
        <translation>Ouvrez une table pour voir sa chronologie TTL.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>TTL attribute: {ttl_attribute}. Scan the table to see when its items expire.</source>
        <translation>Attribut TTL&#xa0;: {ttl_attribute}. Scannez la table pour voir quand ses items expirent.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Scanning {name} (keys and {ttl_attribute} only)…</source>
        <translation>Scan de {name} (clés et {ttl_attribute} seulement)…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>every item</source>
        <translation>tous les items</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>the first %Ln item(s)</source>
        <translation>
            <numerusform>le premier item (%Ln)</numerusform>
            <numerusform>les %Ln premiers items</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a Scan of {scope}</source>
        <translation>un Scan de {scope}</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>Charting %Ln item(s) by expiry…</source>
        <translation>
            <numerusform>Classement de %Ln élément par expiration…</numerusform>
            <numerusform>Classement de %Ln éléments par expiration…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+22"/>
        <source>
Oldest: {key_text}</source>
        <translation>
Plus ancien&#xa0;: {key_text}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Items by expiry, per hour ahead ({attribute})</source>
        <translation>Items par expiration, par heure à venir ({attribute})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items by expiry, per day ahead ({attribute})</source>
        <translation>Items par expiration, par jour à venir ({attribute})</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>From {source}: {summary}</source>
        <translation>D’après {source}&#xa0;: {summary}</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>expired but still present (oldest first)</source>
        <translation>expiré(s) mais encore présent(s) (plus anciens d’abord)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expiring {label} from now</source>
        <translation>expirant dans {label}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expiring later</source>
        <translation>expirant plus tard</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, first {shown} shown</source>
        <translation>, {shown} premiers affichés</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln item(s) {what}{more}.</source>
        <translation>
            <numerusform>%Ln item {what}{more}.</numerusform>
            <numerusform>%Ln items {what}{more}.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Will never expire (first {shown} of {total} shown)</source>
        <translation>N’expireront jamais ({shown} premiers sur {total} affichés)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Export chart as PNG</source>
        <translation>Exporter le graphique en PNG</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Could not write {path}. Choose a folder you can write to and try again.</source>
        <translation>Impossible d’écrire {path}. Choisissez un dossier accessible en écriture et réessayez.</translation>
    </message>
</context>
<context>
    <name>UnkeptWork</name>
    <message>
        <location filename="../../window/closing.py" line="+104"/>
        <source>The changes staged in the Items tab could not be kept for the next start ({reason}).</source>
        <extracomment>Set to True on the window when it closes without a person to answer (SIGTERM, logout).</extracomment>
        <translation>Les modifications préparées dans l’onglet Items n’ont pas pu être conservées pour le prochain démarrage ({reason}).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The statement typed in the PartiQL tab could not be kept for the next start: {problem}.</source>
        <translation>L’instruction saisie dans l’onglet PartiQL n’a pas pu être conservée pour le prochain démarrage&#xa0;: {problem}.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Unsent work that could not be kept</source>
        <translation>Travail non envoyé qui n’a pas pu être conservé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Closing now loses unsent work: DynoView could not keep it for the next start.</source>
        <translation>Fermer maintenant perd du travail non envoyé&#xa0;: DynoView n’a pas pu le conserver pour le prochain démarrage.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Free some space (or fix the drafts folder) and choose Try again; Cancel keeps the window open, to send the work or copy it elsewhere.</source>
        <translation>Libérez de l’espace (ou réparez le dossier des brouillons) et choisissez Réessayer&#xa0;; Annuler garde la fenêtre ouverte, pour envoyer le travail ou le copier ailleurs.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Try again</source>
        <translation>Réessayer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close without it</source>
        <translation>Fermer sans lui</translation>
    </message>
</context>
<context>
    <name>UnsavedNote</name>
    <message>
        <location filename="../../updates/notice.py" line="+41"/>
        <source>OK</source>
        <translation>OK</translation>
    </message>
</context>
<context>
    <name>UnsentWorkBar</name>
    <message>
        <location filename="../../window/unsent_work.py" line="-71"/>
        <source>Your last session left unsent work in the transaction builder.</source>
        <translation>Votre dernière session a laissé du travail non envoyé dans le générateur de transactions.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the builder (Ctrl+B) to carry on with it or discard it; nothing is sent until you say so.</source>
        <translation>Ouvrez le générateur (Ctrl+B) pour le poursuivre ou l’abandonner&#xa0;; rien n’est envoyé sans votre accord.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open the builder</source>
        <translation>Ouvrir le générateur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Later</source>
        <translation>Plus tard</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>an unknown time</source>
        <translation>une heure inconnue</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Your last session&apos;s transaction was already applied: it is not unsent work.</source>
        <translation>La transaction de votre dernière session a déjà été appliquée : ce n’est pas un travail non envoyé.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It was applied at {when} (token {token}), so the builder does not bring it back: executing it again would write it a second time. Open the builder (Ctrl+B) for its note; Action log shows its request.</source>
        <translation>Elle a été appliquée à {when} (jeton {token}), donc le constructeur ne la rétablit pas : l’exécuter à nouveau l’écrirait une seconde fois. Ouvrez le constructeur (Ctrl+B) pour sa note ; le journal des actions montre sa requête.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Your last session sent a transaction and its outcome is not known: it may have been written.</source>
        <translation>Votre dernière session a envoyé une transaction et son issue n’est pas connue : elle a peut-être été écrite.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It was sent at {when} (token {token}) and is back in the transaction builder. Open the builder (Ctrl+B) to see it, and check the items or the Action log before you send it again: Execute sends it again under the same token, which DynamoDB applies at most once within 10 minutes of its first send.</source>
        <translation>Elle a été envoyée à {when} (jeton {token}) et se trouve de nouveau dans le constructeur de transactions. Ouvrez le constructeur (Ctrl+B) pour la voir, et vérifiez les éléments ou le journal des actions avant de la renvoyer : Exécuter la renvoie sous le même jeton, que DynamoDB n’applique qu’une fois dans les 10 minutes suivant son premier envoi.</translation>
    </message>
</context>
<context>
    <name>UpdateController</name>
    <message>
        <location filename="../../updates/controller.py" line="+99"/>
        <source>Your answer applies until DynoView closes.</source>
        <translation>Votre réponse s’applique jusqu’à la fermeture de DynoView.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It could not be saved in {folder} ({error}), so the question comes back at the next start: make that folder writable (or free space on its disk), then answer it again.</source>
        <translation>Elle n’a pas pu être enregistrée dans {folder} ({error}), la question reviendra donc au prochain démarrage&#xa0;: rendez ce dossier accessible en écriture (ou libérez de la place sur son disque), puis répondez de nouveau.</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>{version} is not announced again until DynoView closes.</source>
        <translation>{version} n’est plus annoncée jusqu’à la fermeture de DynoView.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skipping it could not be saved in {folder} ({error}), so it is announced again at the next start: make that folder writable (or free space on its disk), then skip it again.</source>
        <translation>Ce choix d’ignorer n’a pas pu être enregistré dans {folder} ({error}), elle sera donc annoncée de nouveau au prochain démarrage&#xa0;: rendez ce dossier accessible en écriture (ou libérez de la place sur son disque), puis ignorez-la de nouveau.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>You have the latest version ({version}).</source>
        <translation>Vous avez la dernière version ({version}).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The newest version, {version}, is the one you chose to skip.</source>
        <translation>La dernière version, {version}, est celle que vous avez choisi d’ignorer.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not check for new versions: {error}.</source>
        <translation>Impossible de rechercher les nouvelles versions&#xa0;: {error}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check for updates</source>
        <translation>Rechercher des mises à jour</translation>
    </message>
</context>
<context>
    <name>UpdateNotice</name>
    <message>
        <location filename="../../updates/notice.py" line="-19"/>
        <source>{APP_NAME} {version} is available. You have {current}.</source>
        <translation>{APP_NAME} {version} est disponible. Vous avez {current}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its page says what changed and how to install it. {APP_NAME} does not install anything itself.</source>
        <translation>Sa page indique ce qui a changé et comment l’installer. {APP_NAME} n’installe rien lui-même.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open its page</source>
        <translation>Ouvrir sa page</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip this version</source>
        <translation>Ignorer cette version</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Later</source>
        <translation>Plus tard</translation>
    </message>
</context>
<context>
    <name>UpdateSwitch</name>
    <message>
        <location filename="../../updates/settings_section.py" line="+32"/>
        <source>Check for new &amp;versions daily</source>
        <translation>Vérifier chaque jour les nouvelles &amp;versions</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{APP_NAME} asks {host} for the number of the newest version, at most once a day, and sends nothing about you, your connections or your tables. It never installs anything.</source>
        <translation>{APP_NAME} demande à {host} le numéro de la version la plus récente, au plus une fois par jour, et n’envoie rien sur vous, vos connexions ou vos tables. Il n’installe jamais rien.</translation>
    </message>
</context>
<context>
    <name>WindowRouter</name>
    <message>
        <location filename="../../window/router.py" line="+69"/>
        <source>Table {name} was deleted.</source>
        <translation>La table {name} a été supprimée.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Table {name} is not on this connection.</source>
        <translation>La table {name} n’est pas sur cette connexion.</translation>
    </message>
</context>
<context>
    <name>WindowStatus</name>
    <message>
        <location filename="../../window/status_bar.py" line="+24"/>
        <source>No reads yet</source>
        <translation>Aucune lecture</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last read: operation, consistency, capacity, duration</source>
        <translation>La dernière lecture&#xa0;: opération, cohérence, capacité, durée</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+36"/>
        <source>Not connected</source>
        <translation>Non connecté</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Last read: </source>
        <translation>Dernière lecture&#xa0;: </translation>
    </message>
</context>
<context>
    <name>WriteModeDialog</name>
    <message>
        <location filename="../../session/write_mode_dialog.py" line="+28"/>
        <source>Write to production?</source>
        <translation>Écrire en production&#xa0;?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the account id &lt;b&gt;{account}&lt;/b&gt;</source>
        <translation>l’id de compte &lt;b&gt;{account}&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the connection name &lt;b&gt;{name}&lt;/b&gt;</source>
        <translation>le nom de connexion &lt;b&gt;{name}&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;{name}&lt;/b&gt; is a production connection and opened read-only. To allow writes until you disconnect or switch back, type {what}.</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; est une connexion de production ouverte en lecture seule. Pour autoriser les écritures jusqu’à la déconnexion ou au retour en lecture seule, tapez {what}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>AWS account id</source>
        <translation>Id de compte AWS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>account id</source>
        <translation>id de compte</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>connection name</source>
        <translation>nom de connexion</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Allow writes</source>
        <translation>Autoriser les écritures</translation>
    </message>
</context>
<context>
    <name>_StageDialog</name>
    <message>
        <location filename="../../items/value_dialogs.py" line="-253"/>
        <source>Stage</source>
        <extracomment>The dialog&apos;s fields that are kept: the text, and the form it is typed in (lines or JSON).</extracomment>
        <translation>Préparer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stage the value (Ctrl+Enter); nothing is written until Review and send…</source>
        <translation>Préparer la valeur (Ctrl+Enter)&#xa0;; rien n’est écrit avant Vérifier et envoyer…</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>This is your unsent edit of {name}, kept when DynoView closed at {when}: stage it, or discard it.</source>
        <translation>Voici votre modification non envoyée de {name}, gardée quand DynoView s’est fermé le {when}&#xa0;: mettez-la en attente, ou abandonnez-la.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The value has changed since: check that your edit does not undo that change.</source>
        <translation>La valeur a changé depuis&#xa0;: vérifiez que votre modification n’annule pas ce changement.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discard it and start from the value as it is now</source>
        <translation>L’abandonner et partir de la valeur actuelle</translation>
    </message>
</context>
<context>
    <name>accessible</name>
    <message>
        <location filename="../../accessible.py" line="+23"/>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear the text</source>
        <translation>Effacer le texte</translation>
    </message>
</context>
<context>
    <name>builder.action_list_view</name>
    <message>
        <location filename="../../builder/action_list_view.py" line="-68"/>
        <source>passed, not written</source>
        <translation>réussie, non écrite</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>not written</source>
        <translation>non écrite</translation>
    </message>
</context>
<context>
    <name>builder.code_export_view</name>
    <message>
        <location filename="../../builder/code_export_view.py" line="-82"/>
        <source>example() sends this form&apos;s transaction to the table with a new token: the same guarded write the builder would execute. Running the Python file calls it; the TypeScript module exports it (await example()).</source>
        <extracomment>Shown above the code, translated there (lupdate reads the literal context).</extracomment>
        <translation>example() envoie la transaction de ce formulaire à la table avec un nouveau jeton&#xa0;: la même écriture protégée que le constructeur exécuterait. Exécuter le fichier Python l’appelle&#xa0;; le module TypeScript l’exporte (await example()).</translation>
    </message>
</context>
<context>
    <name>builder.dialogs</name>
    <message>
        <location filename="../../builder/dialogs.py" line="-91"/>
        <source>Uses the default credential chain (environment, profile, SSO or role); no credentials are included.</source>
        <translation>Utilise la chaîne d’identifiants par défaut (environnement, profil, SSO ou rôle)&#xa0;; aucun identifiant n’est inclus.</translation>
    </message>
</context>
<context>
    <name>builder.drafts_prompts</name>
    <message>
        <location filename="../../builder/drafts_prompts.py" line="-87"/>
        <source>Unsent work in the transaction builder</source>
        <extracomment>Set to True on the window when it closes without a person to answer (SIGTERM, SIGINT).</extracomment>
        <translation>Travail non envoyé dans le générateur de transactions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import over unsent actions</source>
        <translation>Importer par-dessus des actions non envoyées</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open over unsent actions</source>
        <translation>Ouvrir par-dessus des actions non envoyées</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The transaction builder holds {describe}.</source>
        <translation>Le générateur de transactions contient&#xa0;: {describe}.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save as draft keeps the work as “{name}” (Drafts → Open draft…) and shows it again when DynoView starts. Discard throws it away.</source>
        <translation>Enregistrer comme brouillon garde le travail sous «&#xa0;{name}&#xa0;» (Brouillons → Ouvrir un brouillon…) et le réaffiche au démarrage de DynoView. Abandonner le jette.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save as draft</source>
        <translation>Enregistrer comme brouillon</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discard</source>
        <translation>Abandonner</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The draft could not be saved ({exc}), so DynoView stays open: export the request (Export) or try again.</source>
        <translation>Impossible d’enregistrer le brouillon ({exc}), DynoView reste donc ouvert&#xa0;: exportez la requête (Exporter) ou réessayez.</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Either way, Ctrl+Z undoes the import.</source>
        <translation>Dans les deux cas, Ctrl+Z annule l’import.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Ctrl+Z undoes Replace or Append. Cancel leaves the builder as it is and keeps the new transaction as the draft “{name}” (Drafts → Open draft…).</source>
        <translation>Ctrl+Z annule Remplacer ou Ajouter à la suite. Annuler laisse le générateur tel quel et garde la nouvelle transaction comme brouillon «&#xa0;{name}&#xa0;» (Brouillons → Ouvrir un brouillon…).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Replace</source>
        <translation>Remplacer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Append</source>
        <translation>Ajouter à la suite</translation>
    </message>
</context>
<context>
    <name>builder.form_base</name>
    <message>
        <location filename="../../builder/form_base.py" line="-208"/>
        <source>Open in builder</source>
        <translation>Ouvrir dans le générateur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export as code…</source>
        <translation>&amp;Exporter en code…</translation>
    </message>
</context>
<context>
    <name>builder.owner_read</name>
    <message>
        <location filename="../../builder/owner_read.py" line="+30"/>
        <source>Connect to the table first: the former owner is read before the release is built.</source>
        <translation>Connectez-vous d’abord à la table&#xa0;: l’ancien propriétaire est lu avant que la libération soit construite.</translation>
    </message>
</context>
<context>
    <name>builder.panel</name>
    <message>
        <location filename="../../builder/panel.py" line="-400"/>
        <source>boto3 (Python)</source>
        <translation>boto3 (Python)</translation>
    </message>
</context>
<context>
    <name>builder.preflight_view</name>
    <message>
        <location filename="../../builder/preflight_view.py" line="-115"/>
        <source>Not checked yet. Execute runs the preflight first (strongly consistent reads of every account and lock the transaction touches); Check preflight (Ctrl+Shift+K) runs it alone.</source>
        <translation>Pas encore vérifiée. Exécuter lance d’abord la vérification préalable (lectures fortement cohérentes de chaque compte et verrou touchés par la transaction)&#xa0;; Vérifier (Ctrl+Shift+K) la lance seule.</translation>
    </message>
</context>
<context>
    <name>builder.problems_view</name>
    <message>
        <location filename="../../builder/problems_view.py" line="-14"/>
        <source>Nothing to check yet: add an action (Add action) or start from a template (Templates), or import a request (Import JSON).</source>
        <translation>Rien à vérifier&#xa0;: ajoutez une action (Ajouter), partez d’un modèle (Modèles) ou importez une requête (Importer…).</translation>
    </message>
</context>
<context>
    <name>builder.side_tabs</name>
    <message>
        <location filename="../../builder/side_tabs.py" line="-31"/>
        <source>After this transaction</source>
        <translation>Après la transaction</translation>
    </message>
</context>
<context>
    <name>builder.template_forms</name>
    <message>
        <location filename="../../builder/template_forms.py" line="+150"/>
        <source>Change or delete the selection</source>
        <translation>Modifier ou supprimer la sélection</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repairs (each reads the table first, or says what it checks)</source>
        <translation>Réparations (chacune lit d’abord la table, ou dit ce qu’elle vérifie)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not offered</source>
        <translation>Non proposées</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Select an account or lock (in Items, Accounts &amp; locks or a diagnosis) to change, delete or repair it</source>
        <translation>Sélectionnez un compte ou un verrou (dans Items, Comptes et verrous ou un diagnostic) pour le modifier, le supprimer ou le réparer</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reading the account&apos;s locks (strongly consistent GetItem) to see which repairs apply…</source>
        <translation>Lecture des verrous du compte (GetItem fortement cohérent) pour voir quelles réparations s’appliquent…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Sign up (new account)…</source>
        <translation>Inscription (nouveau compte)…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Change {rule} of {who} ({value})…</source>
        <translation>Changer {rule} de {who} ({value})…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Delete account {who} and its locks…</source>
        <translation>Supprimer le compte {who} et ses verrous…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Claim the missing {rule} lock of {who} ({shown})…</source>
        <translation>Poser le verrou {rule} manquant de {who} ({shown})…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Resolve duplicate {rule} {shown} of {who}…</source>
        <translation>Résoudre le doublon {rule} {shown} de {who}…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Release lock {who}…</source>
        <translation>Libérer le verrou {who}…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete item {who} (guarded)</source>
        <translation>Supprimer l’item {who} (protégé)</translation>
    </message>
</context>
<context>
    <name>builder.template_runner</name>
    <message>
        <location filename="../../builder/template_runner.py" line="-282"/>
        <source>Select an account or lock first (in Items, Accounts &amp; locks or a diagnosis): the templates act on the selection.</source>
        <translation>Sélectionnez d’abord un compte ou un verrou (dans Items, Comptes et verrous ou un diagnostic)&#xa0;: les modèles agissent sur la sélection.</translation>
    </message>
</context>
<context>
    <name>builder.undo</name>
    <message>
        <location filename="../../builder/undo.py" line="-81"/>
        <source>Add action</source>
        <translation>Ajouter une action</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add {old_count} actions</source>
        <translation>Ajouter {old_count} actions</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Remove action</source>
        <translation>Retirer l’action</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove {new_count} actions</source>
        <translation>Retirer {new_count} actions</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Change token</source>
        <translation>Changer le jeton</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit</source>
        <translation>Modification</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move action</source>
        <translation>Déplacer l’action</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit action {changed}</source>
        <translation>Modifier l’action {changed}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit actions</source>
        <translation>Modifier les actions</translation>
    </message>
</context>
<context>
    <name>codegen.read_code_dialog</name>
    <message>
        <location filename="../../codegen/read_code_dialog.py" line="-46"/>
        <source>The code sends the same request, reads every page and prints the items; it writes nothing.</source>
        <extracomment>The chooser&apos;s entries, in order: each language and which SDK or tool it uses.</extracomment>
        <translation>Le code envoie la même requête, lit toutes les pages et affiche les items&#xa0;; il n’écrit rien.</translation>
    </message>
</context>
<context>
    <name>crash</name>
    <message>
        <location filename="../../crash.py" line="+12"/>
        <source>a new e-mail</source>
        <translation>un nouvel e-mail</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a new issue in your browser</source>
        <translation>un nouveau ticket dans votre navigateur</translation>
    </message>
</context>
<context>
    <name>items.base_items</name>
    <message>
        <location filename="../../items/base_items.py" line="+17"/>
        <source>The item {key} is no longer in {table}: nothing to edit. Run the read again.</source>
        <translation>L’élément {key} n’est plus dans {table}&#xa0;: rien à modifier. Relancez la lecture.</translation>
    </message>
</context>
<context>
    <name>items.detail</name>
    <message>
        <location filename="../../items/detail.py" line="-261"/>
        <source>
… cut here for display; Copy as JSON copies the whole item.</source>
        <translation>
… coupé ici pour l’affichage&#xa0;; Copier en JSON copie l’item entier.</translation>
    </message>
</context>
<context>
    <name>items.read_form</name>
    <message>
        <location filename="../../items/read_form.py" line="-308"/>
        <source>(table)</source>
        <translation>(table)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Strong reads see every acknowledged write and cost twice as much as eventual reads.</source>
        <translation>Une lecture forte voit toute écriture confirmée et coûte deux fois plus qu’une lecture à terme.</translation>
    </message>
</context>
<context>
    <name>items.rows</name>
    <message>
        <location filename="../../items/rows.py" line="+35"/>
        <source>TTL status</source>
        <translation>État TTL</translation>
    </message>
</context>
<context>
    <name>json_text</name>
    <message>
        <location filename="../../json_text.py" line="+59"/>
        <source>a no-break space (U+00A0), which this editor would read back as a space</source>
        <translation>une espace insécable (U+00A0), que cet éditeur relirait comme une espace</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a line separator (U+2028), which this editor would read back as a line break</source>
        <translation>un séparateur de ligne (U+2028), que cet éditeur relirait comme un saut de ligne</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Line {line}, column {column} holds {what}: type it as \u{code} (a JSON escape) to keep it, or replace it.</source>
        <translation>La ligne {line}, colonne {column} contient {what}&#xa0;: tapez-le sous la forme \u{code} (un échappement JSON) pour le garder, ou remplacez-le.</translation>
    </message>
</context>
<context>
    <name>labels</name>
    <message>
        <location filename="../labels.py" line="+17"/>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Missing lock</source>
        <translation>Verrou manquant</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Orphan lock</source>
        <translation>Verrou orphelin</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duplicate value</source>
        <translation>Valeur en double</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expired</source>
        <translation>Expiré</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Case or normalisation clash</source>
        <translation>Collision de casse ou de normalisation</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lookalike clash</source>
        <translation>Collision par ressemblance</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No value</source>
        <translation>Aucune valeur</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>stuck signup</source>
        <translation>inscription bloquée</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>left behind by a change</source>
        <translation>laissé par un changement</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>left by a deleted account</source>
        <translation>laissé par un compte supprimé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>origin unknown</source>
        <translation>origine inconnue</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>strong</source>
        <translation>forte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>eventual</source>
        <translation>à terme</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mixed</source>
        <translation>mixte</translation>
    </message>
</context>
<context>
    <name>locks.diagnose_flow</name>
    <message>
        <location filename="../../locks/diagnose_flow.py" line="+32"/>
        <source>Type the value to diagnose (an email or a username).</source>
        <translation>Tapez la valeur à diagnostiquer (un e-mail ou un nom d’utilisateur).</translation>
    </message>
</context>
<context>
    <name>locks.export</name>
    <message>
        <location filename="../../locks/export.py" line="+32"/>
        <source>Export audit findings</source>
        <translation>Exporter les constats de l’audit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export audit report</source>
        <translation>Exporter le rapport d’audit</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Run the audit first: there is nothing to export yet.</source>
        <translation>Lancez d’abord l’audit&#xa0;: rien à exporter pour l’instant.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The audit was cancelled: the file covers only the items read.</source>
        <translation>L’audit a été annulé&#xa0;: le fichier ne couvre que les éléments lus.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export cancelled: {path} was left as it was.</source>
        <translation>Export annulé&#xa0;: {path} est resté tel quel.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export cancelled: no file was written to {path}.</source>
        <translation>Export annulé&#xa0;: aucun fichier n’a été écrit dans {path}.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>An export is already being written to {path}: wait for it to finish, or cancel it, before exporting again.</source>
        <translation>Un export est déjà en cours d’écriture dans {path}&#xa0;: attendez qu’il se termine, ou annulez-le, avant d’exporter de nouveau.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The audit was not exported: {reason}</source>
        <translation>L’audit n’a pas été exporté&#xa0;: {reason}</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Export failed</source>
        <translation>Échec de l’export</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Exported every finding the grid shows ({count}): the audit&apos;s, with the changes Live mode applied since ({cleared} resolved, {added} new or changed), to {path}; the window&apos;s filter and search do not apply.</source>
        <translation>Toutes les anomalies que montre la grille ({count}) ont été exportées&#xa0;: celles de l’audit, avec les changements appliqués depuis par le mode Live ({cleared} résolues, {added} nouvelles ou modifiées), vers {path}&#xa0;; le filtre et la recherche de la fenêtre ne s’appliquent pas.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Exported every finding of the audit ({count}) to {path}; the window&apos;s filter and search do not apply.</source>
        <translation>Tous les constats de l’audit ({count}) ont été exportés dans {path}&#xa0;; le filtre et la recherche de la fenêtre ne s’appliquent pas.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The audit was not exported: {path} could not be written ({reason}). Choose a folder that exists and that you can write to.</source>
        <translation>L’audit n’a pas été exporté&#xa0;: impossible d’écrire {path} ({reason}). Choisissez un dossier qui existe et dans lequel vous pouvez écrire.</translation>
    </message>
    <message>
        <location filename="../../locks/export_flow.py" line="+138"/>
        <source>Cancelling…</source>
        <extracomment>An export done sooner shows no progress at all (most audits&apos; files take a few ms). At most this often the writer&apos;s progress reaches the UI thread.</extracomment>
        <translation>Annulation…</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Writing {done} of {total} findings</source>
        <translation>Écriture de {done} constats sur {total}</translation>
    </message>
</context>
<context>
    <name>locks.layout</name>
    <message>
        <location filename="../../locks/layout.py" line="-175"/>
        <source>All rows</source>
        <translation>Toutes les lignes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Problems only</source>
        <translation>Problèmes seulement</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No audit yet: run the full audit to pair accounts with locks.</source>
        <translation>Pas encore d’audit&#xa0;: lancez l’audit complet pour associer comptes et verrous.</translation>
    </message>
</context>
<context>
    <name>locks.live_mode</name>
    <message>
        <location filename="../../locks/live_mode.py" line="-314"/>
        <source>Live: follow the table&apos;s stream and update the rows as writes arrive; new problems are marked and counted ({LIVE_KEY})</source>
        <extracomment>Events of the grid&apos;s update at Live&apos;s start applied per turn of the event loop (a replay&apos;s page of records is as many).</extracomment>
        <translation>En direct&#xa0;: suivre le flux de la table et mettre à jour les lignes à l’arrivée des écritures&#xa0;; les nouveaux problèmes sont marqués et comptés ({LIVE_KEY})</translation>
    </message>
</context>
<context>
    <name>locks.live_records</name>
    <message>
        <location filename="../../locks/live_records.py" line="-25"/>
        <source>&lt;p&gt;No stream record has changed this row since Live mode started.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Aucun enregistrement de flux n’a modifié cette ligne depuis le début du mode direct.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>locks.model</name>
    <message>
        <location filename="../../locks/model.py" line="-289"/>
        <source>stale: re-run the audit</source>
        <extracomment>The roles ``data`` answers: any other is None at once.</extracomment>
        <translation>périmé&#xa0;: relancez l’audit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A transaction wrote this item after the audit, so this row may be wrong: re-run the audit.</source>
        <translation>Une transaction a écrit cet item après l’audit, cette ligne peut donc être fausse&#xa0;: relancez l’audit.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Live: a problem appeared since Live mode started. Right-click → Stream records… shows the writes.</source>
        <translation>Live&#xa0;: un problème est apparu depuis le démarrage du mode Live. Clic droit → Enregistrements du flux… montre les écritures.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Live: its problems were resolved since Live mode started. Right-click → Stream records… shows the writes.</source>
        <translation>Live&#xa0;: ses problèmes ont été résolus depuis le démarrage du mode Live. Clic droit → Enregistrements du flux… montre les écritures.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Live: its problems were resolved after the audit and before Live mode started (the grid was brought in line as Live started).</source>
        <translation>Live&#xa0;: ses problèmes ont été résolus après l’audit et avant le démarrage du mode Live (la grille a été mise à jour au démarrage de Live).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(no account)</source>
        <translation>(sans compte)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Found while the audit reads the table: the full view comes when every segment is read.</source>
        <translation>Trouvé pendant la lecture de la table par l’audit&#xa0;: la vue complète vient quand tous les segments sont lus.</translation>
    </message>
</context>
<context>
    <name>locks.repair_dialog</name>
    <message>
        <location filename="../../locks/repair_dialog.py" line="+31"/>
        <source>Run the full audit first: Repair all works on its findings.</source>
        <translation>Lancez d’abord l’audit complet&#xa0;: Tout réparer agit sur ses constats.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The audit is of {table}; run it on {name} first.</source>
        <translation>L’audit porte sur {table}&#xa0;; lancez-le d’abord sur {name}.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The schema changed since the audit: run the full audit again, then Repair all.</source>
        <translation>Le schéma a changé depuis l’audit&#xa0;: relancez l’audit complet, puis Tout réparer.</translation>
    </message>
</context>
<context>
    <name>locks.repair_model</name>
    <message>
        <location filename="../../locks/repair_model.py" line="-63"/>
        <source>Finding</source>
        <translation>Constat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rule</source>
        <translation>Règle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accounts</source>
        <translation>Comptes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repair</source>
        <translation>Réparation</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>release the lock</source>
        <translation>libérer le verrou</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>claim the lock</source>
        <translation>poser le verrou</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a person decides</source>
        <translation>une personne décide</translation>
    </message>
</context>
<context>
    <name>locks.repairs</name>
    <message>
        <location filename="../../locks/repairs.py" line="+33"/>
        <source> — stale: the table was written since, re-run the audit</source>
        <translation> — périmé&#xa0;: la table a été écrite depuis, relancez l’audit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No account holds it, according to the audit{note}.</source>
        <translation>Aucun compte ne le détient, d’après l’audit{note}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No account holds this spelling, according to the audit{note}. Accounts holding another spelling of it, each with its own lock: {accounts}.</source>
        <translation>Aucun compte ne détient cette graphie, selon l’audit{note}. Comptes détenant une autre graphie, chacun avec son propre verrou : {accounts}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+42"/>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>No account holds it, according to the diagnosis.</source>
        <translation>Aucun compte ne le détient, d’après le diagnostic.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No account holds this spelling, according to the diagnosis. Accounts holding another spelling of it, each with its own lock: {accounts}.</source>
        <translation>Aucun compte ne détient cette graphie, selon le diagnostic. Comptes détenant une autre graphie, chacun avec son propre verrou : {accounts}.</translation>
    </message>
</context>
<context>
    <name>locks.text</name>
    <message>
        <location filename="../../locks/text.py" line="-24"/>
        <source>{pk_name} begins with {account_pk_prefix}</source>
        <extracomment>The details show this many characters of a value, id or lock key, then its length. A finding&apos;s sentence (core&apos;s, which may quote whole values) is cut past this many characters.</extracomment>
        <translation>{pk_name} commence par {account_pk_prefix}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;b&gt;Schema&lt;/b&gt; ({escape}): accounts where {escape2}. Rules: {escape3}.</source>
        <translation>&lt;b&gt;Schéma&lt;/b&gt; ({escape})&#xa0;: comptes où {escape2}. Règles&#xa0;: {escape3}.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>capacity not reported</source>
        <translation>capacité non communiquée</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>strong reads</source>
        <translation>lectures fortes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>eventual reads</source>
        <translation>lectures à terme</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Edit schema…, or Detect from sample</source>
        <translation>Modifier le schéma…, ou Détecter depuis un échantillon</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>… ({count} characters)</source>
        <translation>… ({count} caractères)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>… ({count} more characters)</source>
        <translation>… ({count} caractères de plus)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>… (cut here: {count} more characters)</source>
        <translation>… (coupé ici&#xa0;: {count} caractères de plus)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A lock with no account</source>
        <translation>Un verrou sans compte</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;p&gt;&lt;b&gt;Stale: a transaction wrote this item after the audit; re-run the audit to see its state now.&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Périmé&#xa0;: une transaction a écrit cet item après l’audit&#xa0;; relancez l’audit pour voir son état actuel.&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>(no value)</source>
        <translation>(aucune valeur)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;p&gt;Every value has its lock: nothing to do.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Chaque valeur a son verrou&#xa0;: rien à faire.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&lt;p&gt;&lt;b&gt;Stale: the table was written since this answer; press Diagnose again.&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Périmé&#xa0;: la table a été écrite depuis cette réponse&#xa0;; cliquez à nouveau sur Diagnostiquer.&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;p&gt;Where the lock came from: &lt;b&gt;{escape}&lt;/b&gt;. {escape2}&lt;/p&gt;</source>
        <translation>&lt;p&gt;Origine du verrou&#xa0;: &lt;b&gt;{escape}&lt;/b&gt;. {escape2}&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>scans.collections_model</name>
    <message>
        <location filename="../../scans/collections_model.py" line="-72"/>
        <source>Partition key</source>
        <translation>Clé de partition</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items</source>
        <translation>Items</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table bytes</source>
        <translation>Octets de table</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LSI bytes</source>
        <translation>Octets LSI</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Of 10 GB limit</source>
        <translation>Part des 10 Go</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hot?</source>
        <translation>Chaude&#xa0;?</translation>
    </message>
</context>
<context>
    <name>scans.controller</name>
    <message>
        <location filename="../../scans/controller.py" line="+24"/>
        <source>Scan cancelled.</source>
        <translation>Scan annulé.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled: still showing the previous results.</source>
        <translation>Annulé&#xa0;: les résultats précédents restent affichés.</translation>
    </message>
</context>
<context>
    <name>scans.sizes</name>
    <message>
        <location filename="../../scans/sizes.py" line="+15"/>
        <source>{size} KB</source>
        <translation>{size} Ko</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{size} MB</source>
        <translation>{size} Mo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{size} GB</source>
        <translation>{size} Go</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{size} bytes</source>
        <extracomment>A size under 1 KB; French writes &quot;{size} octets&quot;.</extracomment>
        <translation>{size} octets</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{number}%</source>
        <extracomment>A percentage; French puts a no-break space before the sign: &quot;{number} %&quot;.</extracomment>
        <translation>{number}&#xa0;%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>under {share}</source>
        <extracomment>A share too small to show with two decimals, e.g. &quot;under 0.01%&quot;.</extracomment>
        <translation>moins de {share}</translation>
    </message>
</context>
<context>
    <name>scans.ttl_timeline_panel</name>
    <message>
        <location filename="../../scans/ttl_timeline_panel.py" line="-308"/>
        <source>DynamoDB deletes expired items in a background sweep, typically within a few days: until then they are still read, so check expiry at read time.</source>
        <translation>DynamoDB supprime les items expirés lors d’un balayage en arrière-plan, généralement en quelques jours&#xa0;: d’ici là ils sont encore lus, vérifiez donc l’expiration au moment de la lecture.</translation>
    </message>
</context>
<context>
    <name>settings</name>
    <message>
        <location filename="../../settings.py" line="+118"/>
        <source>The settings file {path} could not be read ({strerror}); DynoView starts with default settings and will not save them.</source>
        <translation>Impossible de lire le fichier de paramètres {path} ({strerror})&#xa0;; DynoView démarre avec les paramètres par défaut et ne les enregistrera pas.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The settings file {path} is damaged and could not be moved aside ({strerror}); DynoView uses default settings. Delete the file to start clean.</source>
        <translation>Le fichier de paramètres {path} est endommagé et n’a pas pu être mis de côté ({strerror})&#xa0;; DynoView utilise les paramètres par défaut. Supprimez le fichier pour repartir de zéro.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The settings file was damaged and has been set aside as {moved}. DynoView started with default settings: saved connections and the window layout are reset. The old file is kept in case you want to recover something from it.</source>
        <translation>Le fichier de paramètres était endommagé et a été mis de côté sous {moved}. DynoView a démarré avec les paramètres par défaut&#xa0;: les connexions enregistrées et la disposition de la fenêtre sont réinitialisées. L’ancien fichier est conservé si vous voulez en récupérer quelque chose.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The saved connections could not be read, so none is shown; they are kept as they were in {path}.</source>
        <translation>Les connexions enregistrées n’ont pas pu être lues, aucune n’est donc affichée&#xa0;; elles sont conservées telles quelles dans {path}.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The saved connections as they were are kept in {path}.</source>
        <translation>Les connexions enregistrées, telles qu’elles étaient, sont conservées dans {path}.</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>The user name and password in the endpoint URL are not saved: type them in the endpoint again each time you connect.</source>
        <translation>Le nom d’utilisateur et le mot de passe de l’URL du point de terminaison ne sont pas enregistrés&#xa0;: retapez-les dans le point de terminaison à chaque connexion.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Could not save the theme to {path}: {reason}. The theme applies until you quit; choose it again once the settings folder can be written.</source>
        <translation>Impossible d’enregistrer le thème dans {path}&#xa0;: {reason}. Le thème s’applique jusqu’à ce que vous quittiez&#xa0;; choisissez-le de nouveau quand le dossier des réglages sera accessible en écriture.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Could not save {what} to {path}: {reason}. The setting saved before still applies; press OK again once the settings folder can be written, or Cancel.</source>
        <translation>Impossible d’enregistrer {what} dans {path}&#xa0;: {reason}. Le réglage enregistré auparavant s’applique toujours&#xa0;; appuyez de nouveau sur OK quand le dossier des réglages sera accessible en écriture, ou sur Annuler.</translation>
    </message>
    <message>
        <location filename="../../session/production_patterns.py" line="+40"/>
        <source>the production patterns</source>
        <translation>les motifs de production</translation>
    </message>
    <message>
        <location filename="../../settings.py" line="+23"/>
        <source>the language</source>
        <translation>la langue</translation>
    </message>
    <message>
        <location filename="../../settings_save.py" line="+75"/>
        <source>The settings could not be saved: another DynoView window kept the settings file {path} locked. Try again; if it keeps happening, close the other DynoView windows.</source>
        <translation>Les paramètres n’ont pas pu être enregistrés&#xa0;: une autre fenêtre DynoView a gardé le fichier de paramètres {path} verrouillé. Réessayez&#xa0;; si cela se répète, fermez les autres fenêtres DynoView.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>another DynoView window kept it locked</source>
        <translation>une autre fenêtre DynoView le gardait verrouillé</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>the file is damaged; restart DynoView to set it aside</source>
        <translation>le fichier est endommagé&#xa0;; redémarrez DynoView pour le mettre de côté</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>{why} DynoView uses a copy of the settings file {path} for this session: settings changed now are lost when it quits.</source>
        <translation>{why} DynoView utilise une copie du fichier de paramètres {path} pour cette session&#xa0;: les réglages changés maintenant seront perdus à sa fermeture.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>the folder is on a read-only disk</source>
        <translation>le dossier est sur un disque en lecture seule</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the disk is full</source>
        <translation>le disque est plein</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the disk may be full, or the folder not writable</source>
        <translation>le disque est peut-être plein, ou le dossier non inscriptible</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The change could not be saved to the settings file {path} ({reason}). The settings saved before are kept as they were.</source>
        <translation>La modification n’a pas pu être enregistrée dans le fichier de paramètres {path} ({reason}). Les paramètres enregistrés auparavant sont conservés tels quels.</translation>
    </message>
</context>
<context>
    <name>shortcuts</name>
    <message>
        <location filename="../../shortcuts.py" line="-159"/>
        <source>Anywhere</source>
        <translation>Partout</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Items tab</source>
        <translation>Onglet Items</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accounts &amp; locks tab</source>
        <translation>Onglet Comptes et verrous</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transaction builder tab</source>
        <translation>Onglet Transactions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PartiQL tab</source>
        <translation>Onglet PartiQL</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Connect: saved connections, AWS profiles, the demo</source>
        <translation>Connexion&#xa0;: connexions enregistrées, profils AWS, démo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Command palette: open a table or run a command by name</source>
        <translation>Palette de commandes&#xa0;: ouvrir une table ou une commande par son nom</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switch table: type to filter the table list, Enter opens</source>
        <translation>Changer de table&#xa0;: tapez pour filtrer la liste, Entrée ouvre</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reload the list of tables</source>
        <translation>Recharger la liste des tables</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the read (Scan or Query)</source>
        <translation>Lancer la lecture (Scan ou Query)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop the read in progress</source>
        <translation>Arrêter la lecture en cours</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the next page</source>
        <translation>Charger la page suivante</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the selected item as JSON</source>
        <translation>Copier l’item sélectionné en JSON</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This table&apos;s saved and recent reads: run one again</source>
        <translation>Lectures enregistrées et récentes de cette table&#xa0;: en relancer une</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edit the current cell in place: the change is staged (a double click too)</source>
        <translation>Modifier la cellule sur place (ou double-clic)&#xa0;: la modification est préparée</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Undo the last change to the staged cells</source>
        <translation>Annuler la dernière modification des cellules préparées</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the selected item (a guarded Delete, in the builder)</source>
        <translation>Supprimer l’item sélectionné (Delete protégé, via le générateur)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open the transaction builder</source>
        <translation>Ouvrir le générateur de transactions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Execute the transaction shown in the preview (the preflight runs first)</source>
        <translation>Exécuter la transaction de l’aperçu (la vérification préalable passe d’abord)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show the accounts and locks after this transaction, without sending it</source>
        <translation>Montrer les comptes et verrous après cette transaction, sans l’envoyer</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Move the selected action up</source>
        <translation>Monter l’action sélectionnée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move the selected action down</source>
        <translation>Descendre l’action sélectionnée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Undo the last edit of the transaction (in a field too)</source>
        <translation>Annuler la dernière modification de la transaction (dans un champ aussi)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Redo the edit undone last</source>
        <translation>Rétablir la dernière modification annulée</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the PartiQL statement (SELECT)</source>
        <translation>Exécuter l’instruction PartiQL (SELECT)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop the statement in progress</source>
        <translation>Arrêter l’instruction en cours</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load more of the result (NextToken)</source>
        <translation>Charger la suite du résultat (NextToken)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Complete a keyword, table or attribute name</source>
        <translation>Compléter un mot-clé, un nom de table ou d’attribut</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live mode: follow the table&apos;s stream and update the rows as writes arrive</source>
        <translation>Mode direct&#xa0;: suivre le flux de la table et mettre à jour les lignes à l’arrivée des écritures</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Go to the search (values or account ids)</source>
        <translation>Aller à la recherche (valeurs ou identifiants de compte)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show tab 1, 2, 3… in the order of the tabs (Items is 1)</source>
        <translation>Afficher l’onglet 1, 2, 3… dans l’ordre des onglets (Items est le 1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show this list of shortcuts</source>
        <translation>Afficher cette liste de raccourcis</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Quit DynoView</source>
        <translation>Quitter DynoView</translation>
    </message>
</context>
<context>
    <name>stream.controls</name>
    <message>
        <location filename="../../stream/controls.py" line="-112"/>
        <source>Oldest kept (trim horizon, up to 24 h back)</source>
        <translation>Plus ancien (trim horizon, 24 h max)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Latest (only new records)</source>
        <translation>Dernier (nouveaux enregistrements seulement)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At sequence number</source>
        <translation>Au numéro de séquence</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>After sequence number</source>
        <translation>Après le numéro de séquence</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All events</source>
        <translation>Tous les événements</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inserts</source>
        <translation>Insertions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Modifications</source>
        <translation>Modifications</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>User deletes</source>
        <translation>Suppressions par un utilisateur</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TTL expiries</source>
        <translation>Expirations TTL</translation>
    </message>
</context>
<context>
    <name>stream.events_model</name>
    <message>
        <location filename="../../stream/events_model.py" line="+27"/>
        <source>Time (UTC)</source>
        <translation>Heure (UTC)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Event</source>
        <translation>Événement</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What happened</source>
        <translation>Ce qui s’est passé</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys</source>
        <translation>Clés</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Changes</source>
        <translation>Modifications</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sequence number</source>
        <translation>Numéro de séquence</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shard</source>
        <translation>Shard</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>A new item was written.</source>
        <translation>Un nouvel item a été écrit.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An existing item changed; the diff shows how.</source>
        <translation>Un item existant a changé&#xa0;; le diff montre comment.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deleted by a request (a user or an application), not by TTL.</source>
        <translation>Supprimé par une requête (un utilisateur ou une application), pas par le TTL.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DynamoDB deleted this item because its TTL passed: a service delete whose userIdentity principal is dynamodb.amazonaws.com.</source>
        <translation>DynamoDB a supprimé cet item car son TTL était passé&#xa0;: une suppression par le service dont le principal userIdentity est dynamodb.amazonaws.com.</translation>
    </message>
</context>
<context>
    <name>stream.record_view</name>
    <message>
        <location filename="../../stream/record_view.py" line="-89"/>
        <source>Select a record to see what changed.</source>
        <translation>Sélectionnez un enregistrement pour voir ce qui a changé.</translation>
    </message>
</context>
<context>
    <name>tables.create_dialog</name>
    <message>
        <location filename="../../tables/create_dialog.py" line="-223"/>
        <source>The article&apos;s layout: keys PK and SK, the email-index GSI on email, TTL on expiresAt, a NEW_AND_OLD_IMAGES stream, on-demand capacity</source>
        <translation>La disposition de l’article&#xa0;: clés PK et SK, le GSI email-index sur email, TTL sur expiresAt, un flux NEW_AND_OLD_IMAGES, capacité à la demande</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Connect to a local endpoint (such as DynamoDB Local) to {action}.</source>
        <translation>Connectez-vous à un point de terminaison local (comme DynamoDB Local) pour {action}.</translation>
    </message>
</context>
<context>
    <name>theme</name>
    <message>
        <location filename="../../theme.py" line="+39"/>
        <source>Follow &amp;system</source>
        <translation>Suivre le s&amp;ystème</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Light</source>
        <translation>&amp;Clair</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>&amp;Sombre</translation>
    </message>
</context>
<context>
    <name>transfer.export_controller</name>
    <message>
        <location filename="../../transfer/export_controller.py" line="-96"/>
        <source>Export cancelled: no file was written.</source>
        <translation>Export annulé&#xa0;: aucun fichier écrit.</translation>
    </message>
</context>
<context>
    <name>transfer.file_field</name>
    <message>
        <location filename="../../transfer/file_field.py" line="+27"/>
        <source>The path holds {char} at character {position}: no file name should. Type the path again without it.</source>
        <translation>Le chemin contient {char} au caractère {position}&#xa0;: aucun nom de fichier ne devrait en contenir. Saisissez de nouveau le chemin sans ce caractère.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The name {name} is {size} bytes long; a file or folder name holds at most {limit}. Give a shorter name.</source>
        <translation>Le nom {name} fait {size} octets&#xa0;; un nom de fichier ou de dossier en contient au plus {limit}. Donnez un nom plus court.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The path is {size} bytes long; the system takes at most {limit}. Give a shorter path.</source>
        <translation>Le chemin fait {size} octets&#xa0;; le système en accepte au plus {limit}. Donnez un chemin plus court.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} starts with {user}, which names no user here: write the whole path, or ~/ for your home folder.</source>
        <translation>{path} commence par {user}, qui ne désigne aucun utilisateur ici&#xa0;: écrivez le chemin complet, ou ~/ pour votre dossier personnel.</translation>
    </message>
</context>
<context>
    <name>window.about_dialog</name>
    <message>
        <location filename="../../window/about_dialog.py" line="-71"/>
        <source>not installed</source>
        <translation>non installé</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>moto (demo backend)</source>
        <translation>moto (backend de démo)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System</source>
        <translation>Système</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Licence: {licence}</source>
        <translation>Licence&#xa0;: {licence}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Settings: {settings_path}</source>
        <translation>Paramètres&#xa0;: {settings_path}</translation>
    </message>
</context>
<context>
    <name>window.command_palette</name>
    <message>
        <location filename="../../window/command_palette.py" line="-138"/>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recent table</source>
        <translation>Table récente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command</source>
        <translation>Commande</translation>
    </message>
</context>
<context>
    <name>window.connection_dialog</name>
    <message>
        <location filename="../../window/connection_dialog.py" line="-324"/>
        <source>Demo (embedded, no AWS account)</source>
        <translation>Démo (intégrée, sans compte AWS)</translation>
    </message>
    <message>
        <location line="+337"/>
        <source>Send in clear text?</source>
        <translation>Envoyer en clair&#xa0;?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Send in clear text (http://) to {host}</source>
        <translation>Envoyer en clair (http://) à {host}</translation>
    </message>
</context>
<context>
    <name>window.error_box</name>
    <message>
        <location filename="../../window/error_box.py" line="-31"/>
        <source>Try the same connection again</source>
        <translation>Réessayer la même connexion</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connect…</source>
        <translation>Connexion…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose another endpoint, profile or region</source>
        <translation>Choisir un autre point de terminaison, profil ou région</translation>
    </message>
</context>
<context>
    <name>window.feature_tabs</name>
    <message>
        <location filename="../../window/feature_tabs.py" line="-40"/>
        <source>Accounts &amp;&amp; locks</source>
        <translation>Comptes et verrous</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transaction builder</source>
        <translation>Transactions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stream</source>
        <translation>Flux</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TTL timeline</source>
        <translation>Chronologie TTL</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Capacity &amp;&amp; partitions</source>
        <translation>Capacité et partitions</translation>
    </message>
</context>
<context>
    <name>window.menus</name>
    <message>
        <location filename="../../window/menus.py" line="+145"/>
        <source>&amp;Help</source>
        <translation>Aid&amp;e</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Raccourcis clavier</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Check for &amp;updates…</source>
        <translation>Rechercher des &amp;mises à jour…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;About {APP_NAME}</source>
        <translation>À &amp;propos de {APP_NAME}</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>&amp;File</source>
        <extracomment>The window&apos;s members that its menus&apos; contents set.</extracomment>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Open &amp;recent table</source>
        <translation>Tables &amp;récentes</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Connect…</source>
        <translation>&amp;Connexion…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Command &amp;palette…</source>
        <translation>Palette de co&amp;mmandes…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Audit an &amp;export…</source>
        <translation>Auditer un &amp;export…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Create &amp;table…</source>
        <translation>Créer une &amp;table…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Delete table…</source>
        <translation>&amp;Supprimer une table…</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Re&amp;fresh tables</source>
        <translation>&amp;Actualiser les tables</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Switch &amp;table</source>
        <translation>Changer de &amp;table</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Tab {number}</source>
        <translation>Onglet {number}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open transaction &amp;builder</source>
        <translation>Ouvrir le &amp;générateur de transactions</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>T&amp;heme</source>
        <translation>T&amp;hème</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>No recent tables on this connection</source>
        <translation>Aucune table récente sur cette connexion</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Run the read</source>
        <translation>Lancer la lecture</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the next page</source>
        <translation>Charger la page suivante</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy the selected item as JSON</source>
        <translation>Copier l’item sélectionné en JSON</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit the selected item</source>
        <translation>Modifier l’item sélectionné</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the selected item</source>
        <translation>Supprimer l’item sélectionné</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Diagnose a value (is it locked, and by whom?)</source>
        <translation>Diagnostiquer une valeur (est-elle verrouillée, et par qui&#xa0;?)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the accounts &amp; locks audit</source>
        <translation>Lancer l’audit des comptes et verrous</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit the uniqueness schema</source>
        <translation>Modifier le schéma d’unicité</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Template: {rstrip}</source>
        <translation>Modèle&#xa0;: {rstrip}</translation>
    </message>
</context>
<context>
    <name>window.read_log</name>
    <message>
        <location filename="../../window/read_log.py" line="-223"/>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Operation</source>
        <translation>Opération</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table / index</source>
        <translation>Table / index</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Consistency</source>
        <translation>Cohérence</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capacity</source>
        <translation>Capacité</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Count</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Scanned</source>
        <translation>Parcourus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duration</source>
        <translation>Durée</translation>
    </message>
</context>
<context>
    <name>window.tables_panel</name>
    <message>
        <location filename="../../window/tables_panel.py" line="-162"/>
        <source>create a table</source>
        <translation>créer une table</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delete a table</source>
        <translation>supprimer une table</translation>
    </message>
</context>
<context>
    <name>window.title</name>
    <message>
        <location filename="../../window/title.py" line="+35"/>
        <source>  WRITE MODE</source>
        <translation>  MODE ÉCRITURE</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  (placeholder keys)</source>
        <translation>  (clés factices)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>  UNENCRYPTED</source>
        <translation>  NON CHIFFRÉ</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Warning: {sentence}</source>
        <translation>Attention&#xa0;: {sentence}</translation>
    </message>
</context>
</TS>
