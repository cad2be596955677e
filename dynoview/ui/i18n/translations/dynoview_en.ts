<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AfterWrites</name>
    <message numerus="yes">
        <location filename="../../locks/after_writes.py" line="+31" />
        <source>Stale: a transaction wrote %Ln item(s) since this audit; re-run the audit. </source>
        <translation>
            <numerusform>Stale: a transaction wrote %Ln item since this audit; re-run the audit. </numerusform>
            <numerusform>Stale: a transaction wrote %Ln items since this audit; re-run the audit. </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+15" />
        <source>Stale: %Ln item(s) are not as this audit read them (a transaction was cancelled on them, or its preflight read them); re-run the audit. </source>
        <translation>
            <numerusform>Stale: %Ln item is not as this audit read it (a transaction was cancelled on it, or its preflight read it); re-run the audit. </numerusform>
            <numerusform>Stale: %Ln items are not as this audit read them (a transaction was cancelled on them, or its preflight read them); re-run the audit. </numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BrowseController</name>
    <message numerus="yes">
        <location filename="../../items/controller.py" line="+349" />
        <source>%Ln item(s) shown</source>
        <translation>
            <numerusform>%Ln item shown</numerusform>
            <numerusform>%Ln items shown</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BuilderDrafts</name>
    <message numerus="yes">
        <location filename="../../builder/drafts_view.py" line="+243" />
        <source>Not restored: the transaction your last session left in the builder (%n action(s)) was already applied at {when} (token {token}, in the action log). Executing it again would write it a second time; Action log shows its request.</source>
        <translation>
            <numerusform>Not restored: the transaction your last session left in the builder (%n action) was already applied at {when} (token {token}, in the action log). Executing it again would write it a second time; Action log shows its request.</numerusform>
            <numerusform>Not restored: the transaction your last session left in the builder (%n actions) was already applied at {when} (token {token}, in the action log). Executing it again would write it a second time; Action log shows its request.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+36" />
        <source>Other windows left unsent work too: kept as %n named draft(s) ({names}); open them with Drafts → Open draft…</source>
        <translation>
            <numerusform>Other windows left unsent work too: kept as %n named draft ({names}); open them with Drafts → Open draft…</numerusform>
            <numerusform>Other windows left unsent work too: kept as %n named drafts ({names}); open them with Drafts → Open draft…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+139" />
        <source>Saved the draft “{name}”: %Ln action(s). Open it again with Drafts → Open draft…</source>
        <translation>
            <numerusform>Saved the draft “{name}”: %Ln action. Open it again with Drafts → Open draft…</numerusform>
            <numerusform>Saved the draft “{name}”: %Ln actions. Open it again with Drafts → Open draft…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+25" />
        <source>Opened the draft “{name}”: %Ln action(s). Ctrl+Z brings back what the builder held.</source>
        <translation>
            <numerusform>Opened the draft “{name}”: %Ln action. Ctrl+Z brings back what the builder held.</numerusform>
            <numerusform>Opened the draft “{name}”: %Ln actions. Ctrl+Z brings back what the builder held.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>COUNTS</name>
    <message numerus="yes">
        <location filename="../../counts.py" line="+18" />
        <source>%Ln item(s) written by the builder (is|are) not on this page: run the read again to see (it|them)</source>
        <translation>
            <numerusform>%Ln item written by the builder is not on this page: run the read again to see it</numerusform>
            <numerusform>%Ln items written by the builder are not on this page: run the read again to see them</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CapacityPanel</name>
    <message numerus="yes">
        <location filename="../../scans/capacity_panel.py" line="+231" />
        <source>Sizing the item collections of %Ln item(s)…</source>
        <translation>
            <numerusform>Sizing the item collections of %Ln item…</numerusform>
            <numerusform>Sizing the item collections of %Ln items…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+65" />
        <source>%Ln partition key(s) (holds|hold) {items} each</source>
        <translation>
            <numerusform>%Ln partition key holds {items} each</numerusform>
            <numerusform>%Ln partition keys hold {items} each</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CellStaging</name>
    <message numerus="yes">
        <location filename="../../items/staging.py" line="+206" />
        <source>The builder shows the transaction of %n staged change(s): check the preview and the preflight, then Execute. The staged cells clear once it is written.</source>
        <translation>
            <numerusform>The builder shows the transaction of %n staged change: check the preview and the preflight, then Execute. The staged cells clear once it is written.</numerusform>
            <numerusform>The builder shows the transaction of %n staged changes: check the preview and the preflight, then Execute. The staged cells clear once it is written.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+35" />
        <source>Written: the staged changes of %n item(s) are in the table now.</source>
        <translation>
            <numerusform>Written: the staged changes of %n item are in the table now.</numerusform>
            <numerusform>Written: the staged changes of %n items are in the table now.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+80" />
        <source>%n change(s) staged in an earlier window (opened {opened}, last change {saved}) on the connection {name}, restored.</source>
        <translation>
            <numerusform>%n change staged in an earlier window (opened {opened}, last change {saved}) on the connection {name}, restored.</numerusform>
            <numerusform>%n changes staged in an earlier window (opened {opened}, last change {saved}) on the connection {name}, restored.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3" />
        <source>%n change(s) staged in an earlier window (last change {saved}) on the connection {name}, restored.</source>
        <translation>
            <numerusform>%n change staged in an earlier window (last change {saved}) on the connection {name}, restored.</numerusform>
            <numerusform>%n changes staged in an earlier window (last change {saved}) on the connection {name}, restored.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7" />
        <source>%n change(s) staged on the connection {name} in an earlier window (last change {saved}) are kept for when you connect to it.</source>
        <translation>
            <numerusform>%n change staged on the connection {name} in an earlier window (last change {saved}) are kept for when you connect to it.</numerusform>
            <numerusform>%n changes staged on the connection {name} in an earlier window (last change {saved}) are kept for when you connect to it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6" />
        <source>%n change(s) staged in an earlier window (last change {saved}) give other values to the same cells: they are kept, and restored when you connect again with these sent or discarded.</source>
        <translation>
            <numerusform>%n change staged in an earlier window (last change {saved}) give other values to the same cells: they are kept, and restored when you connect again with these sent or discarded.</numerusform>
            <numerusform>%n changes staged in an earlier window (last change {saved}) give other values to the same cells: they are kept, and restored when you connect again with these sent or discarded.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CopyItemsDialog</name>
    <message numerus="yes">
        <location filename="../../transfer/copy_dialog.py" line="+98" />
        <source>the selected item(s) (%Ln)</source>
        <translation>
            <numerusform>the selected item (%Ln)</numerusform>
            <numerusform>the selected items (%Ln)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+171" />
        <source>%Ln item(s) in {batches}. The builder sends on the window's connection: the window switches to {name} and opens {table}; the items to copy stay here.</source>
        <translation>
            <numerusform>%Ln item in {batches}. The builder sends on the window's connection: the window switches to {name} and opens {table}; the items to copy stay here.</numerusform>
            <numerusform>%Ln items in {batches}. The builder sends on the window's connection: the window switches to {name} and opens {table}; the items to copy stay here.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2" />
        <source>%Ln batch(es)</source>
        <translation>
            <numerusform>%Ln batch</numerusform>
            <numerusform>%Ln batches</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message numerus="yes">
        <location filename="../../crash.py" line="+155" />
        <source>&lt;b&gt;%Ln unexpected error(s).&lt;/b&gt; The latest: {summary}</source>
        <translation>
            <numerusform>&lt;b&gt;%Ln unexpected error.&lt;/b&gt; The latest: {summary}</numerusform>
            <numerusform>&lt;b&gt;%Ln unexpected errors.&lt;/b&gt; The latest: {summary}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DOCUMENT_COUNTS</name>
    <message numerus="yes">
        <location filename="../../items/value_dialogs.py" line="+366" />
        <source>%n entr(y|ies)</source>
        <translation>
            <numerusform>%n entry</numerusform>
            <numerusform>%n entries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2" />
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n item</numerusform>
            <numerusform>%n items</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DRAFTS_PROMPTS</name>
    <message numerus="yes">
        <location filename="../../builder/drafts_prompts.py" line="+112" />
        <source>The builder holds %Ln unsent action(s). Replace (it|them) with the imported {actions}, or append the imported ones after (it|them)?</source>
        <translation>
            <numerusform>The builder holds %Ln unsent action. Replace it with the imported {actions}, or append the imported ones after it?</numerusform>
            <numerusform>The builder holds %Ln unsent actions. Replace them with the imported {actions}, or append the imported ones after them?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6" />
        <source>The builder holds %Ln unsent action(s). Replace (it|them) with the new transaction's {actions}, or append those after (it|them)?</source>
        <translation>
            <numerusform>The builder holds %Ln unsent action. Replace it with the new transaction's {actions}, or append those after it?</numerusform>
            <numerusform>The builder holds %Ln unsent actions. Replace them with the new transaction's {actions}, or append those after them?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../builder/drafts_dialog.py" line="+196" />
        <location filename="../../builder/drafts_prompts.py" line="-9" />
        <source>%Ln action(s)</source>
        <translation>
            <numerusform>%Ln action</numerusform>
            <numerusform>%Ln actions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DraftOrigin</name>
    <message numerus="yes">
        <location filename="../../builder/draft_origin.py" line="+91" />
        <source>The builder's %n unsent action(s) (was|were) made for {where}; Execute would now send (it|them) to connection {new}.</source>
        <translation>
            <numerusform>The builder's %n unsent action was made for {where}; Execute would now send it to connection {new}.</numerusform>
            <numerusform>The builder's %n unsent actions were made for {where}; Execute would now send them to connection {new}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportAuditDialog</name>
    <message numerus="yes">
        <location filename="../../transfer/export_audit_dialog.py" line="+213" />
        <source>%Ln item(s)</source>
        <translation>
            <numerusform>%Ln item</numerusform>
            <numerusform>%Ln items</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportController</name>
    <message numerus="yes">
        <location filename="../../transfer/export_controller.py" line="+112" />
        <source>Exported %Ln item(s) to {path}: partial, the read has more pages not loaded.</source>
        <translation>
            <numerusform>Exported %Ln item to {path}: partial, the read has more pages not loaded.</numerusform>
            <numerusform>Exported %Ln items to {path}: partial, the read has more pages not loaded.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3" />
        <source>{summary} Written to {path}{late}. Partial: the read has more pages not loaded, so the file holds only the %Ln item(s) loaded; export the whole table for every item.</source>
        <translation>
            <numerusform>{summary} Written to {path}{late}. Partial: the read has more pages not loaded, so the file holds only the %Ln item loaded; export the whole table for every item.</numerusform>
            <numerusform>{summary} Written to {path}{late}. Partial: the read has more pages not loaded, so the file holds only the %Ln items loaded; export the whole table for every item.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4" />
        <source>Exported %Ln item(s) to {path}.</source>
        <translation>
            <numerusform>Exported %Ln item to {path}.</numerusform>
            <numerusform>Exported %Ln items to {path}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message numerus="yes">
        <location filename="../../transfer/export_dialog.py" line="+148" />
        <source>{source} (%Ln item(s) loaded)</source>
        <translation>
            <numerusform>{source} (%Ln item loaded)</numerusform>
            <numerusform>{source} (%Ln items loaded)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3" />
        <source>%Ln item(s) loaded; the read has more pages: this exports only those %Ln. Choose the whole table to export every item, or load the rest of the read first (scroll to its end or Ctrl+L) and export again.</source>
        <translation>
            <numerusform>%Ln item loaded; the read has more pages: this exports only those %Ln. Choose the whole table to export every item, or load the rest of the read first (scroll to its end or Ctrl+L) and export again.</numerusform>
            <numerusform>%Ln items loaded; the read has more pages: this exports only those %Ln. Choose the whole table to export every item, or load the rest of the read first (scroll to its end or Ctrl+L) and export again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+199" />
        <source>Writing %Ln item(s)…</source>
        <translation>
            <numerusform>Writing %Ln item…</numerusform>
            <numerusform>Writing %Ln items…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ItemsPanel</name>
    <message numerus="yes">
        <location filename="../../items/panel.py" line="+289" />
        <source>Copied %Ln item(s) as {format}.</source>
        <translation>
            <numerusform>Copied %Ln item as {format}.</numerusform>
            <numerusform>Copied %Ln items as {format}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+100" />
        <source>Select one item to edit as JSON: it edits one item at a time, and %n are selected.</source>
        <translation>
            <numerusform>Select one item to edit as JSON: it edits one item at a time, and %n are selected.</numerusform>
            <numerusform>Select one item to edit as JSON: it edits one item at a time, and %n are selected.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+42" />
        <source>Select one item to delete: Delete… deletes one item at a time, and %n are selected. Nothing was deleted.</source>
        <translation>
            <numerusform>Select one item to delete: Delete… deletes one item at a time, and %n are selected. Nothing was deleted.</numerusform>
            <numerusform>Select one item to delete: Delete… deletes one item at a time, and %n are selected. Nothing was deleted.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KEPT</name>
    <message numerus="yes">
        <location filename="../../session/reconnect.py" line="+50" />
        <source>%Ln more Items tab(s)</source>
        <translation>
            <numerusform>%Ln more Items tab</numerusform>
            <numerusform>%Ln more Items tabs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KeptTextsBar</name>
    <message numerus="yes">
        <location filename="../../window/unsent_work.py" line="+117" />
        <source>Your last session kept %n unsent edit(s) typed in a dialog.</source>
        <translation>
            <numerusform>Your last session kept %n unsent edit typed in a dialog.</numerusform>
            <numerusform>Your last session kept %n unsent edits typed in a dialog.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4" />
        <source>; and %n more</source>
        <translation>
            <numerusform>; and %n more</numerusform>
            <numerusform>; and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LIVE_COUNTS</name>
    <message numerus="yes">
        <location filename="../../locks/live_bar.py" line="+46" />
        <source>Live · %Ln new since {since}</source>
        <translation>
            <numerusform>Live · %Ln new since {since}</numerusform>
            <numerusform>Live · %Ln new since {since}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2" />
        <source>%Ln resolved</source>
        <translation>
            <numerusform>%Ln resolved</numerusform>
            <numerusform>%Ln resolved</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2" />
        <source>%Ln changed</source>
        <translation>
            <numerusform>%Ln changed</numerusform>
            <numerusform>%Ln changed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1" />
        <source>%Ln record(s) read</source>
        <translation>
            <numerusform>%Ln record read</numerusform>
            <numerusform>%Ln records read</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LOCKS_TEXT</name>
    <message numerus="yes">
        <location filename="../../locks/text.py" line="+64" />
        <source>%Ln item(s)</source>
        <translation>
            <numerusform>%Ln item</numerusform>
            <numerusform>%Ln items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1" />
        <source>%Ln segment(s)</source>
        <translation>
            <numerusform>%Ln segment</numerusform>
            <numerusform>%Ln segments</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LocksPanel</name>
    <message numerus="yes">
        <location filename="../../locks/panel.py" line="+252" />
        <source>%n problem row(s) so far: duplicates, case clashes and expired items show as they are read; orphan and missing locks once every segment is read.</source>
        <translation>
            <numerusform>%n problem row so far: duplicates, case clashes and expired items show as they are read; orphan and missing locks once every segment is read.</numerusform>
            <numerusform>%n problem rows so far: duplicates, case clashes and expired items show as they are read; orphan and missing locks once every segment is read.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <location filename="../../main_window.py" line="+284" />
        <source>Connected: %Ln table(s).{note}</source>
        <translation>
            <numerusform>Connected: %Ln table.{note}</numerusform>
            <numerusform>Connected: %Ln tables.{note}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OpenDraftDialog</name>
    <message numerus="yes">
        <location filename="../../builder/drafts_dialog.py" line="-36" />
        <source>%Ln draft(s) saved.</source>
        <translation>
            <numerusform>%Ln draft saved.</numerusform>
            <numerusform>%Ln drafts saved.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OverrideDialog</name>
    <message numerus="yes">
        <location filename="../../builder/preflight_view.py" line="+182" />
        <source>accept the warning(s)</source>
        <translation>
            <numerusform>accept the warning</numerusform>
            <numerusform>accept the warnings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ParameterTable</name>
    <message numerus="yes">
        <location filename="../../partiql/panel.py" line="+144" />
        <source>, %Ln value(s)</source>
        <translation>
            <numerusform>, %Ln value</numerusform>
            <numerusform>, %Ln values</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PartiqlController</name>
    <message numerus="yes">
        <location filename="../../partiql/controller.py" line="+239" />
        <source>%Ln item(s)</source>
        <translation>
            <numerusform>%Ln item</numerusform>
            <numerusform>%Ln items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0" />
        <source>%Ln request(s)</source>
        <translation>
            <numerusform>%Ln request</numerusform>
            <numerusform>%Ln requests</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PartiqlPanel</name>
    <message numerus="yes">
        <location filename="../../partiql/panel.py" line="+322" />
        <source>%Ln value(s)</source>
        <translation>
            <numerusform>%Ln value</numerusform>
            <numerusform>%Ln values</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PreflightView</name>
    <message numerus="yes">
        <location filename="../../builder/preflight_view.py" line="-35" />
        <source>Add %Ln guard(s)</source>
        <translation>
            <numerusform>Add %Ln guard</numerusform>
            <numerusform>Add %Ln guards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecordsDialog</name>
    <message numerus="yes">
        <location filename="../../locks/live_records.py" line="+37" />
        <source>%Ln change(s)</source>
        <translation>
            <numerusform>%Ln change</numerusform>
            <numerusform>%Ln changes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepairDialog</name>
    <message numerus="yes">
        <location filename="../../locks/repair_dialog.py" line="+181" />
        <source>&amp;Repair %Ln finding(s)</source>
        <translation>
            <numerusform>&amp;Repair %Ln finding</numerusform>
            <numerusform>&amp;Repair %Ln findings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StagedPane</name>
    <message numerus="yes">
        <location filename="../../items/staged_pane.py" line="+107" />
        <source>Staged changes (%n)</source>
        <translation>
            <numerusform>Staged changes (%n)</numerusform>
            <numerusform>Staged changes (%n)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StreamPanel</name>
    <message numerus="yes">
        <location filename="../../stream/panel.py" line="+208" />
        <source>&lt;b&gt;Stream&lt;/b&gt; {arn}&lt;br&gt;&lt;b&gt;View type&lt;/b&gt; {view_type}: {view_type_text}&lt;br&gt;&lt;b&gt;Status&lt;/b&gt; {status}; %n shard(s), {open_shards} open. Records are kept 24 hours; reads are eventually consistent.</source>
        <translation>
            <numerusform>&lt;b&gt;Stream&lt;/b&gt; {arn}&lt;br&gt;&lt;b&gt;View type&lt;/b&gt; {view_type}: {view_type_text}&lt;br&gt;&lt;b&gt;Status&lt;/b&gt; {status}; %n shard, {open_shards} open. Records are kept 24 hours; reads are eventually consistent.</numerusform>
            <numerusform>&lt;b&gt;Stream&lt;/b&gt; {arn}&lt;br&gt;&lt;b&gt;View type&lt;/b&gt; {view_type}: {view_type_text}&lt;br&gt;&lt;b&gt;Status&lt;/b&gt; {status}; %n shards, {open_shards} open. Records are kept 24 hours; reads are eventually consistent.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+98" />
        <source>Caught up after %Ln record(s). Press Follow to keep watching for new ones.</source>
        <translation>
            <numerusform>Caught up after %Ln record. Press Follow to keep watching for new ones.</numerusform>
            <numerusform>Caught up after %Ln records. Press Follow to keep watching for new ones.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+24" />
        <source>%Ln record(s)</source>
        <translation>
            <numerusform>%Ln record</numerusform>
            <numerusform>%Ln records</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TemplateRunner</name>
    <message numerus="yes">
        <location filename="../../builder/template_runner.py" line="+340" />
        <source>{names} (is a protected value|are protected values) ({moved}): the edited account is written only if it still holds the values you saw, and the same transaction puts each new lock (only where none exists) and releases each old one. Review, then Execute.</source>
        <translation>
            <numerusform>{names} is a protected value ({moved}): the edited account is written only if it still holds the values you saw, and the same transaction puts each new lock (only where none exists) and releases each old one. Review, then Execute.</numerusform>
            <numerusform>{names} are protected values ({moved}): the edited account is written only if it still holds the values you saw, and the same transaction puts each new lock (only where none exists) and releases each old one. Review, then Execute.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TtlTimelinePanel</name>
    <message numerus="yes">
        <location filename="../../scans/ttl_timeline_panel.py" line="+262" />
        <source>the first %Ln item(s)</source>
        <translation>
            <numerusform>the first %Ln item</numerusform>
            <numerusform>the first %Ln items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+26" />
        <source>Charting %Ln item(s) by expiry…</source>
        <translation>
            <numerusform>Charting %Ln item by expiry…</numerusform>
            <numerusform>Charting %Ln items by expiry…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+58" />
        <source>%Ln item(s) {what}{more}.</source>
        <translation>
            <numerusform>%Ln item {what}{more}.</numerusform>
            <numerusform>%Ln items {what}{more}.</numerusform>
        </translation>
    </message>
</context>
</TS>
