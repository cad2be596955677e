<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id_ID">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../window/about_dialog.py" line="+81"/>
        <source>About {APP_NAME}</source>
        <translation>Tentang {APP_NAME}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;h2 style=&apos;margin:0&apos;&gt;{APP_NAME} {version__}&lt;/h2&gt;&lt;p&gt;A desktop explorer for Amazon DynamoDB tables that hold uniqueness locks: browse, diagnose stuck signups, repair with previewed transactions.&lt;/p&gt;</source>
        <translation>&lt;h2 style=&apos;margin:0&apos;&gt;{APP_NAME} {version__}&lt;/h2&gt;&lt;p&gt;Penjelajah desktop untuk tabel Amazon DynamoDB yang menyimpan lock keunikan: telusuri, diagnosis signup yang macet, perbaiki dengan transaksi yang dipratinjau.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Licence</source>
        <translation>Lisensi</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Settings file</source>
        <translation>Berkas pengaturan</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy details</source>
        <translation>Salin detail</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the versions above, e.g. for a bug report</source>
        <translation>Salin versi di atas, mis. untuk laporan bug</translation>
    </message>
</context>
<context>
    <name>ActionEditor</name>
    <message>
        <location filename="../../builder/editors.py" line="+105"/>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Item (typed attributes)</source>
        <translation>Item (atribut bertipe)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edit expressions as raw text</source>
        <translation>Edit ekspresi sebagai teks mentah</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Action</source>
        <translation>Aksi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table</source>
        <translation>Tabel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return values on condition failure</source>
        <translation>Nilai kembali saat kondisi gagal</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+5"/>
        <source>Update expression</source>
        <translation>Update expression</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Add update step</source>
        <translation>Tambah langkah update</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SET #n0 = :v0 REMOVE #n1</source>
        <translation>SET #n0 = :v0 REMOVE #n1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Condition</source>
        <translation>Kondisi</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add condition</source>
        <translation>Tambah kondisi</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Condition expression</source>
        <translation>Condition expression</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>ExpressionAttributeNames</source>
        <translation>ExpressionAttributeNames</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ExpressionAttributeValues (DynamoDB JSON)</source>
        <translation>ExpressionAttributeValues (DynamoDB JSON)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>attribute path, e.g. email or address.city</source>
        <translation>path atribut, mis. email atau address.city</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>SET forms: value, if_not_exists(path, value), list_append(path, value), path + value, path - value</source>
        <translation>Bentuk SET: value, if_not_exists(path, value), list_append(path, value), path + value, path - value</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>value</source>
        <translation>nilai</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Update clause</source>
        <translation>Klausa update</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+17"/>
        <source>Attribute path</source>
        <translation>Path atribut</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>SET form</source>
        <translation>Bentuk SET</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+17"/>
        <source>Value type</source>
        <translation>Tipe nilai</translation>
    </message>
    <message>
        <location line="-17"/>
        <location line="+17"/>
        <source>Value</source>
        <translation>Nilai</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>attribute path</source>
        <translation>path atribut</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>value (BETWEEN, IN: values separated by |)</source>
        <translation>nilai (BETWEEN, IN: nilai dipisah |)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Join with</source>
        <translation>Gabung dengan</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Kept as raw text: {problem}</source>
        <translation>Tetap sebagai teks mentah: {problem}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Kept as raw text: {problem} Fix the text, or keep editing it as text.</source>
        <translation>Tetap sebagai teks mentah: {problem} Perbaiki teksnya, atau terus sunting sebagai teks.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kept as raw text: no expression uses {placeholders}, and the rows would drop them. Remove them from the maps, or keep editing as text.</source>
        <translation>Tetap sebagai teks mentah: tidak ada ekspresi yang memakai {placeholders}, dan baris-baris akan membuangnya. Hapus dari peta, atau terus sunting sebagai teks.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kept as raw text: the rows cannot show these expressions exactly (rows are single conditions joined left to right, and update steps that each act on one attribute with one value). Keep editing them as text.</source>
        <translation>Tetap sebagai teks mentah: baris tidak dapat menampilkan ekspresi ini dengan tepat (kondisi tunggal yang digabung dari kiri ke kanan, dan langkah pembaruan yang masing-masing mengubah satu atribut dengan satu nilai). Terus sunting sebagai teks.</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>ExpressionAttributeNames is a JSON object such as {&quot;#n0&quot;: &quot;email&quot;}; fix the text.</source>
        <translation>ExpressionAttributeNames adalah objek JSON seperti {&quot;#n0&quot;: &quot;email&quot;}; perbaiki teksnya.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>ExpressionAttributeValues is a JSON object such as {&quot;:v0&quot;: {&quot;S&quot;: &quot;x&quot;}}; fix the text.</source>
        <translation>ExpressionAttributeValues adalah objek JSON seperti {&quot;:v0&quot;: {&quot;S&quot;: &quot;x&quot;}}; perbaiki teksnya.</translation>
    </message>
</context>
<context>
    <name>ActionListView</name>
    <message>
        <location filename="../../builder/action_list_view.py" line="+50"/>
        <source>Actions</source>
        <translation>Aksi</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>No actions yet: Add action, a template (Templates) or a request (Import JSON…) starts a transaction.</source>
        <translation>Belum ada aksi: Tambah aksi, templat (Templat), atau permintaan (Impor JSON…) memulai transaksi.</translation>
    </message>
</context>
<context>
    <name>ActionLogDialog</name>
    <message>
        <location filename="../../builder/dialogs.py" line="+192"/>
        <source>Action log</source>
        <translation>Log aksi</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{entries_count} transactions sent, logged in {path}</source>
        <translation>{entries_count} transaksi terkirim, dicatat di {path}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Transactions sent</source>
        <translation>Transaksi terkirim</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Selected transaction</source>
        <translation>Transaksi terpilih</translation>
    </message>
</context>
<context>
    <name>AfterWrites</name>
    <message numerus="yes">
        <location filename="../../locks/after_writes.py" line="+31"/>
        <source>Stale: a transaction wrote %Ln item(s) since this audit; re-run the audit. </source>
        <translation>
            <numerusform>Usang: sebuah transaksi menulis %Ln item sejak audit ini; jalankan ulang audit. </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>Stale: %Ln item(s) are not as this audit read them (a transaction was cancelled on them, or its preflight read them); re-run the audit. </source>
        <translation>
            <numerusform>Usang: %Ln item tidak lagi seperti yang dibaca audit ini (sebuah transaksi dibatalkan padanya, atau pemeriksaan awalnya membacanya); jalankan ulang audit. </numerusform>
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
        <translation>tata letak bawaan artikel</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+11"/>
        <location filename="../../transfer/import_controller.py" line="-6"/>
        <source>saved for this connection and table</source>
        <extracomment>An import of this file into this table that stopped before its end (Resume continues it). The file as the preview checked it: the import writes only what is still the same. The uniqueness schema the preview found the lock rules by (the import&apos;s too), and how it was chosen, as a resume refused for another one names it. Where a refusal of the import is to be fixed (``DynoViewError.field``): said at that box.</extracomment>
        <translation>tersimpan untuk koneksi dan tabel ini</translation>
    </message>
    <message>
        <location line="-19"/>
        <location line="+19"/>
        <location filename="../../transfer/import_controller.py" line="+1"/>
        <source>not saved</source>
        <translation>tidak tersimpan</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Schema not saved</source>
        <translation>Skema tidak disimpan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The uniqueness schema of {table} could not be saved in {folder} ({error}). It is used until DynoView closes. To keep it, make that folder writable (or free space on its disk), then open Edit schema… and save it again.</source>
        <translation>Skema keunikan {table} tidak dapat disimpan di {folder} ({error}). Skema ini dipakai sampai DynoView ditutup. Untuk menyimpannya, buat folder itu dapat ditulisi (atau kosongkan ruang di disknya), lalu buka Edit skema… dan simpan lagi.</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>(reported by the {value} error handler)</source>
        <translation>(dilaporkan oleh penangan error {value})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unexpected error</source>
        <translation>Error tak terduga</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{value} stopped on an unexpected error ({type}); the error report window has the details.</source>
        <translation>{value} berhenti karena error tak terduga ({type}); detailnya ada di jendela laporan error.</translation>
    </message>
</context>
<context>
    <name>AttributeNode</name>
    <message>
        <location filename="../../items/detail.py" line="+183"/>
        <source>… {count} more</source>
        <translation>… {count} lagi</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>expand to show them</source>
        <translation>bentangkan untuk menampilkannya</translation>
    </message>
</context>
<context>
    <name>AttributeTable</name>
    <message>
        <location filename="../../builder/fields.py" line="+99"/>
        <source>{capitalize} attributes</source>
        <translation>Atribut {capitalize}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>Nama</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>Tipe</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Nilai</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add attribute</source>
        <translation>Tambah atribut</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>Hapus</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B from file…</source>
        <translation>B dari berkas…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the selected row&apos;s binary value from a file.</source>
        <translation>Muat nilai biner baris terpilih dari berkas.</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Load binary value</source>
        <translation>Muat nilai biner</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Row {value} has no attribute name; type one or remove the row.</source>
        <translation>Baris {value} tidak punya nama atribut; ketik nama atau hapus barisnya.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row {value}&apos;s attribute name is only spaces; type a name or remove the row.</source>
        <translation>Nama atribut baris {value} hanya berisi spasi; ketik nama atau hapus baris.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Rows {first} and {row} both name the attribute {name}; an item holds each attribute once, so one of the values would be lost. Rename or remove one of the rows.</source>
        <translation>Baris {first} dan {row} sama-sama menamai atribut {name}; sebuah item memuat setiap atribut sekali, jadi salah satu nilainya akan hilang. Ganti nama atau hapus salah satu baris.</translation>
    </message>
</context>
<context>
    <name>AuditBar</name>
    <message>
        <location filename="../../locks/layout.py" line="+77"/>
        <source>Run full audit</source>
        <translation>Audit penuh</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Live</source>
        <translation>Langsung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live mode</source>
        <translation>Mode langsung</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Segments: </source>
        <translation>Segmen: </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallel Scan segments (Segment/TotalSegments).</source>
        <translation>Segmen Scan paralel (Segment/TotalSegments).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Audit segments</source>
        <translation>Segmen audit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallel Scan segments of the full audit</source>
        <translation>Segmen Scan paralel untuk audit penuh</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Strongly consistent</source>
        <translation>Sangat konsisten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Strong reads cost twice the read capacity of eventual reads.</source>
        <translation>Pembacaan kuat memakai dua kali kapasitas baca pembacaan konsisten akhir.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>3,000,000 of ~3,000,000 · 16/16 segments</source>
        <translation>3.000.000 dari ~3.000.000 · 16/16 segmen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Repair all…</source>
        <translation>Perbaiki semua…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Release every orphan lock and claim every missing lock the audit found, each re-checked and guarded; the rest is listed for a decision</source>
        <translation>Lepas setiap lock yatim dan klaim setiap lock yang hilang yang ditemukan audit, masing-masing dicek ulang dan dijaga; sisanya didaftar untuk diputuskan</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Edit schema…</source>
        <translation>Edit skema…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Detect from sample</source>
        <translation>Deteksi dari sampel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read {DETECT_SAMPLE} items and propose a schema to confirm.</source>
        <translation>Baca {DETECT_SAMPLE} item dan usulkan skema untuk dikonfirmasi.</translation>
    </message>
</context>
<context>
    <name>AuditRowsModel</name>
    <message>
        <location filename="../../locks/model.py" line="+362"/>
        <source>Account</source>
        <translation>Akun</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{rule} lock</source>
        <translation>lock {rule}</translation>
    </message>
</context>
<context>
    <name>BarChart</name>
    <message>
        <location filename="../../scans/bar_chart.py" line="+122"/>
        <source>No data</source>
        <translation>Tidak ada data</translation>
    </message>
    <message>
        <location line="+184"/>
        <source>↑ {label} (far above the axis)</source>
        <translation>↑ {label} (jauh di atas sumbu)</translation>
    </message>
</context>
<context>
    <name>BrowseController</name>
    <message>
        <location filename="../../items/controller.py" line="+151"/>
        <source>Connect and pick a table first.</source>
        <translation>Hubungkan dan pilih tabel dulu.</translation>
    </message>
    <message numerus="yes">
        <location line="+198"/>
        <source>%Ln item(s) shown</source>
        <translation>
            <numerusform>%Ln item ditampilkan</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{hidden_count} expired hidden</source>
        <translation>{hidden_count} kedaluwarsa disembunyikan</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{scanned_total} read to find them</source>
        <translation>{scanned_total} dibaca untuk menemukannya</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>stopped before the end, more available (Ctrl+L)</source>
        <translation>berhenti sebelum akhir, masih ada lagi (Ctrl+L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>end of table</source>
        <translation>akhir tabel</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>more available (scroll or Ctrl+L)</source>
        <translation>masih ada lagi (gulir atau Ctrl+L)</translation>
    </message>
</context>
<context>
    <name>BuilderDrafts</name>
    <message>
        <location filename="../../builder/drafts_view.py" line="+349"/>
        <source>Load template</source>
        <translation>Muat templat</translation>
    </message>
    <message>
        <location line="-194"/>
        <source>The builder&apos;s work could not be saved to {current_path} ({exc}); it is kept in the window, but would be lost if DynoView quit now.</source>
        <translation>Pekerjaan pembangun transaksi tidak dapat disimpan ke {current_path} ({exc}); masih ada di jendela, tetapi akan hilang jika DynoView ditutup sekarang.</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>its request cannot be opened: {problems}</source>
        <translation>permintaannya tidak dapat dibuka: {problems}</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Restored {describe} from your last session (saved {strftime}).</source>
        <translation>{describe} dipulihkan dari sesi terakhir Anda (disimpan {strftime}).</translation>
    </message>
    <message>
        <location line="-156"/>
        <source>an unknown time</source>
        <translation>waktu yang tidak diketahui</translation>
    </message>
    <message numerus="yes">
        <location line="+182"/>
        <source>Not restored: the transaction your last session left in the builder (%n action(s)) was already applied at {when} (token {token}, in the action log). Executing it again would write it a second time; Action log shows its request.</source>
        <translation>
            <numerusform>Tidak dipulihkan: transaksi yang ditinggalkan sesi terakhir Anda di pembangun transaksi (%n aksi) sudah diterapkan pada {when} (token {token}, di log aksi). Menjalankannya lagi akan menulisnya untuk kedua kalinya; Log aksi menampilkan permintaannya.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The builder&apos;s work from your last session</source>
        <translation>Pekerjaan pembuat dari sesi terakhir Anda</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{what} could not be shown ({reason}), so it was not restored.</source>
        <translation>{what} tidak dapat ditampilkan ({reason}), jadi tidak dipulihkan.</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>Other windows left unsent work too: kept as %n named draft(s) ({names}); open them with Drafts → Open draft…</source>
        <translation>
            <numerusform>Jendela lain juga meninggalkan pekerjaan yang belum dikirim: disimpan sebagai %Ln draf bernama ({names}); buka lewat Draf → Buka draf…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Discard restored work</source>
        <translation>Buang pekerjaan yang dipulihkan</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>Import cancelled: the builder&apos;s actions are as they were.</source>
        <translation>Impor dibatalkan: aksi di pembangun transaksi tetap seperti semula.</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Import JSON</source>
        <translation>Impor JSON</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>Your last session sent this transaction and its outcome is not known: it may have been written. It was sent at {when} (token {token}). Execute sends it again under the same token, which DynamoDB applies at most once within 10 minutes of its first send: check the items first.</source>
        <translation>Sesi terakhir Anda mengirim transaksi ini dan hasilnya tidak diketahui: mungkin sudah tertulis. Transaksi dikirim pada {when} (token {token}). Jalankan akan mengirimnya lagi dengan token yang sama, yang diterapkan DynamoDB paling banyak sekali dalam 10 menit sejak pengiriman pertamanya: periksa item terlebih dahulu.</translation>
    </message>
    <message>
        <location line="-179"/>
        <source>This draft&apos;s transaction was already applied at {when} (token {token}, in the action log): executing it again would write it a second time.</source>
        <translation>Transaksi draf ini sudah diterapkan pada {when} (token {token}, di log tindakan): menjalankannya lagi akan menulisnya untuk kedua kalinya.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This draft&apos;s transaction was sent at {when} (token {token}) and its outcome is not known: it may have been written. Check the items first: Execute sends it again under the same token, which DynamoDB applies at most once within 10 minutes of its first send.</source>
        <translation>Transaksi draf ini dikirim pada {when} (token {token}) dan hasilnya tidak diketahui: mungkin sudah tertulis. Periksa item terlebih dahulu: Jalankan mengirimnya lagi dengan token yang sama, yang diterapkan DynamoDB paling banyak sekali dalam 10 menit sejak pengiriman pertamanya.</translation>
    </message>
    <message>
        <location line="+325"/>
        <source>Not opened: the builder&apos;s actions are as they were. The new transaction could not be kept as a draft ({exc}): open it again from where it came.</source>
        <translation>Tidak dibuka: aksi di pembangun transaksi tetap seperti semula. Transaksi baru tidak dapat disimpan sebagai draf ({exc}): buka lagi dari asalnya.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not opened: the builder&apos;s actions are as they were, and the new transaction is kept as the draft “{name}” (Drafts → Open draft…).</source>
        <translation>Tidak dibuka: aksi di pembangun transaksi tetap seperti semula, dan transaksi baru disimpan sebagai draf “{name}” (Draf → Buka draf…).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Draft {strftime}</source>
        <translation>Draf {strftime}</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Saved the draft “{name}”: %Ln action(s). Open it again with Drafts → Open draft…</source>
        <translation>
            <numerusform>Draf “{name}” disimpan: %Ln aksi. Buka lagi lewat Draf → Buka draf…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Open draft “{name}”</source>
        <translation>Buka draf “{name}”</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Opened the draft “{name}”: %Ln action(s). Ctrl+Z brings back what the builder held.</source>
        <translation>
            <numerusform>Draf “{name}” dibuka: %Ln aksi. Ctrl+Z mengembalikan isi pembangun transaksi sebelumnya.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Drafts</source>
        <translation>Draf</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drafts: save the builder&apos;s work under a name, open a saved draft, undo or redo an edit</source>
        <translation>Draf: simpan pekerjaan pembangun transaksi dengan nama, buka draf tersimpan, urungkan atau ulangi edit</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save draft as…</source>
        <translation>Simpan draf sebagai…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open draft…</source>
        <translation>Buka draf…</translation>
    </message>
</context>
<context>
    <name>BuilderPanel</name>
    <message>
        <location filename="../../builder/panel.py" line="+231"/>
        <source>The request could not be opened: </source>
        <extracomment>What each Delete of a shown item held: given back to it after Ctrl+Z or a draft, whose request JSON does not carry it (core/tx/seen_names.py).</extracomment>
        <translation>Permintaan tidak dapat dibuka: </translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Connect to DynamoDB first: there is no connection to send to.</source>
        <translation>Hubungkan ke DynamoDB dulu: belum ada koneksi tujuan pengiriman.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This connection is read-only: transactions cannot be executed. Reconnect without read-only to write.</source>
        <translation>Koneksi ini hanya-baca: transaksi tidak dapat dijalankan. Hubungkan ulang tanpa hanya-baca untuk menulis.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add an action first.</source>
        <translation>Tambahkan aksi dulu.</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+33"/>
        <source>Fix the problems listed first: nothing is sent while the transaction has errors.</source>
        <translation>Perbaiki dulu masalah yang didaftar: tidak ada yang dikirim selama transaksi masih error.</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>The transaction is being executed.</source>
        <translation>Transaksi sedang dijalankan.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Connect and fix the problems listed first: the preflight reads the live table.</source>
        <translation>Hubungkan dan perbaiki dulu masalah yang didaftar: pemeriksaan awal membaca tabel langsung.</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>The preflight could not read the table; nothing was sent.</source>
        <translation>Pemeriksaan awal tidak dapat membaca tabel; tidak ada yang dikirim.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Added {guarded_count} guard(s); the preview shows the exact request. Execute checks the preflight again.</source>
        <translation>{guarded_count} penjaga ditambahkan; pratinjau menampilkan permintaan persisnya. Jalankan akan mengulang pemeriksaan awal.</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Export as {EXPORT_TITLES}</source>
        <translation>Ekspor sebagai {EXPORT_TITLES}</translation>
    </message>
</context>
<context>
    <name>BuilderToolbar</name>
    <message>
        <location filename="../../builder/toolbar.py" line="+56"/>
        <source>Add action</source>
        <translation>Tambah aksi</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Add a Put, Update, Delete or ConditionCheck at the end</source>
        <translation>Tambah Put, Update, Delete, atau ConditionCheck di akhir</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove the selected action</source>
        <translation>Hapus aksi terpilih</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Remove</source>
        <translation>Hapus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up</source>
        <translation>Naik</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the action up (Ctrl+Up); cancellation reasons follow action order</source>
        <translation>Naikkan aksi (Ctrl+Up); alasan pembatalan mengikuti urutan aksi</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move the action down (Ctrl+Down)</source>
        <translation>Turunkan aksi (Ctrl+Down)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Down</source>
        <translation>Turun</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Templates</source>
        <translation>Templat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sign-up, change email and the repairs, for the selected account or lock</source>
        <translation>Signup, ubah email, dan perbaikan, untuk akun atau lock terpilih</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import JSON…</source>
        <translation>Impor JSON…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Replace the actions with a pasted TransactWriteItems request</source>
        <translation>Ganti aksi dengan permintaan TransactWriteItems yang ditempel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export</source>
        <translation>Ekspor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The request as boto3, AWS CLI or JavaScript code</source>
        <translation>Permintaan sebagai kode boto3, AWS CLI, atau JavaScript</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Action log</source>
        <translation>Log aksi</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Every transaction sent from here, with its outcome</source>
        <translation>Setiap transaksi yang dikirim dari sini, beserta hasilnya</translation>
    </message>
</context>
<context>
    <name>BuilderUndo</name>
    <message>
        <location filename="../../builder/undo.py" line="+140"/>
        <source>&amp;Undo</source>
        <translation>&amp;Urungkan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last edit of the transaction</source>
        <translation>Urungkan edit terakhir pada transaksi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Redo</source>
        <translation>U&amp;langi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redo the edit undone last</source>
        <translation>Ulangi edit yang terakhir diurungkan</translation>
    </message>
</context>
<context>
    <name>COUNTS</name>
    <message numerus="yes">
        <location filename="../../counts.py" line="+18"/>
        <source>%Ln item(s) written by the builder (is|are) not on this page: run the read again to see (it|them)</source>
        <translation>
            <numerusform>%Ln item yang ditulis pembangun transaksi tidak ada di halaman ini: jalankan pembacaan lagi untuk melihatnya</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CancelConnectButton</name>
    <message>
        <location filename="../../window/status_bar.py" line="+32"/>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel connecting</source>
        <translation>Batalkan menghubungkan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop connecting (a credential_process still running is ended)</source>
        <translation>Hentikan menghubungkan (credential_process yang masih berjalan diakhiri)</translation>
    </message>
</context>
<context>
    <name>CapacityPanel</name>
    <message>
        <location filename="../../scans/capacity_panel.py" line="+88"/>
        <source>Scan a sample to see item-collection sizes and partition keys.</source>
        <translation>Scan sampel untuk melihat ukuran item collection dan partition key.</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+35"/>
        <source>Item collections, largest first</source>
        <translation>Item collection, terbesar dulu</translation>
    </message>
    <message>
        <location line="-34"/>
        <location line="+227"/>
        <source>What the sample cost</source>
        <translation>Biaya sampel</translation>
    </message>
    <message>
        <location line="-208"/>
        <source>Sample up to </source>
        <translation>Sampel hingga </translation>
    </message>
    <message>
        <location line="+1"/>
        <source> items</source>
        <translation> item</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items to sample</source>
        <translation>Item untuk sampel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A bounded, eventually consistent Scan; every page leaves a read receipt</source>
        <translation>Scan terbatas, eventually consistent; setiap halaman meninggalkan tanda terima baca</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scan sample</source>
        <translation>Scan sampel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>collection size</source>
        <translation>ukuran collection</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>partition key (largest first)</source>
        <translation>partition key (terbesar dulu)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scan a sample to see collection sizes.</source>
        <translation>Scan sampel untuk melihat ukuran collection.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>partition keys</source>
        <translation>partition key</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>items per partition key</source>
        <translation>item per partition key</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan a sample to see how items spread over keys.</source>
        <translation>Scan sampel untuk melihat sebaran item di antara key.</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+164"/>
        <source>What the sample cost, per page</source>
        <translation>Biaya sampel, per halaman</translation>
    </message>
    <message>
        <location line="-163"/>
        <source>Page</source>
        <translation>Halaman</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Items</source>
        <translation>Item</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bytes returned</source>
        <translation>Byte dikembalikan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reported by DynamoDB</source>
        <translation>Dilaporkan DynamoDB</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>DynoView estimate</source>
        <translation>Perkiraan DynoView</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Each Scan page is billed on the total size of the items it read, rounded up to 4 KB, halved for eventually consistent reads.</source>
        <translation>Setiap halaman Scan ditagih menurut total ukuran item yang dibacanya, dibulatkan ke atas per 4 KB, separuhnya untuk pembacaan eventually consistent.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Open a table to see its partitions.</source>
        <translation>Buka tabel untuk melihat partisinya.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Scan a sample of {name} to see item-collection sizes and how items spread over partition keys.</source>
        <translation>Scan sampel {name} untuk melihat ukuran item collection dan sebaran item di antara partition key.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Scanning up to {value} items of {name}…</source>
        <translation>Men-scan hingga {value} item dari {name}…</translation>
    </message>
    <message numerus="yes">
        <location line="+23"/>
        <source>Sizing the item collections of %Ln item(s)…</source>
        <translation>
            <numerusform>Mengukur koleksi item dari %Ln item…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+18"/>
        <source> Largest item: {key_text}, {human_bytes} ({share_text} of the 400 KB item limit).</source>
        <translation> Item terbesar: {key_text}, {human_bytes} ({share_text} dari batas item 400 KB).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Likely hot: </source>
        <translation>Kemungkinan panas: </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Too few items to call a partition key hot: it takes at least {count}.</source>
        <translation>Terlalu sedikit item untuk menyebut sebuah kunci partisi panas: dibutuhkan setidaknya {count}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No partition key stands out in this table: items spread evenly enough over keys.</source>
        <translation>Tidak ada kunci partisi yang menonjol di tabel ini: item tersebar cukup merata di antara kunci.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No partition key stands out in this sample: items spread evenly enough over keys.</source>
        <translation>Tidak ada partition key yang menonjol di sampel ini: item tersebar cukup merata di antara key.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source> ({share_text} of the 10 GB limit)</source>
        <translation> ({share_text} dari batas 10 GB)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
Likely hot</source>
        <translation>
Kemungkinan panas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>largest {bars_count} of {key_count}</source>
        <translation>{bars_count} terbesar dari {key_count}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>all</source>
        <comment>every item collection is shown</comment>
        <translation>semua</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item-collection sizes ({shown})</source>
        <translation>Ukuran item collection ({shown})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>10 GB item-collection limit (LSI)</source>
        <translation>Batas item collection 10 GB (LSI)</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%Ln partition key(s) (holds|hold) {items} each</source>
        <translation>
            <numerusform>%Ln partition key masing-masing berisi {items}</numerusform>
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
        <translation>{label} item</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How many items each partition key holds</source>
        <translation>Jumlah item per partition key</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+6"/>
        <source>not reported</source>
        <translation>tidak dilaporkan</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>What the scan cost</source>
        <translation>Biaya scan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What the scan cost, per page</source>
        <translation>Biaya scan, per halaman</translation>
    </message>
</context>
<context>
    <name>CellEditor</name>
    <message>
        <location filename="../../items/cell_editor.py" line="+81"/>
        <source>Type</source>
        <extracomment>QLineEdit&apos;s longest text: its default, 32,767, cut longer values silently (a 400 KB string fits). Characters of S or B text past which the value opens in a multi-line editor, not on a line.</extracomment>
        <translation>Tipe</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+3"/>
        <source>Value</source>
        <translation>Nilai</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NULL (no value)</source>
        <translation>NULL (tanpa nilai)</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The value&apos;s type (Shift+Tab from the value)</source>
        <translation>Tipe nilai (Shift+Tab dari nilai)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>value of {name}</source>
        <translation>nilai {name}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit {name}</source>
        <translation>Ubah {name}</translation>
    </message>
</context>
<context>
    <name>CellEdits</name>
    <message>
        <location filename="../../items/cell_edits.py" line="+125"/>
        <source>Pick a cell to edit first.</source>
        <translation>Pilih sel yang akan diedit dulu.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The TTL status is worked out by DynoView, not stored: edit the TTL attribute {name} instead.</source>
        <translation>Status TTL dihitung oleh DynoView, tidak disimpan: edit atribut TTL {name} saja.</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>Edit {name} in place (F2)</source>
        <translation>Edit {name} di tempat (F2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit cell in place (F2)</source>
        <translation>Edit sel di tempat (F2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stage removal of {name}</source>
        <translation>Siapkan penghapusan {name}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stage removal of the attribute</source>
        <translation>Siapkan penghapusan atribut</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edit as JSON…</source>
        <translation>Edit sebagai JSON…</translation>
    </message>
</context>
<context>
    <name>CellStaging</name>
    <message>
        <location filename="../../items/staging.py" line="+125"/>
        <source>Connect first: edits are staged for a connection and a table.</source>
        <translation>Hubungkan dulu: edit disiapkan untuk satu koneksi dan satu tabel.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This connection is read-only: cells cannot be edited. Reconnect without read-only to stage changes.</source>
        <translation>Koneksi ini hanya-baca: sel tidak dapat diedit. Hubungkan ulang tanpa hanya-baca untuk menyiapkan perubahan.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Pick a table first.</source>
        <translation>Pilih tabel dulu.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Staged {change}: nothing is written until Review and send…</source>
        <translation>{change} disiapkan: belum ada yang ditulis sampai Tinjau dan kirim…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The cell holds the value read: nothing staged for it.</source>
        <translation>Sel berisi nilai yang dibaca: tidak ada yang disiapkan.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Discarded (Ctrl+Z brings it back).</source>
        <translation>Dibuang (Ctrl+Z mengembalikannya).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Every staged change was discarded (Ctrl+Z brings them back).</source>
        <translation>Semua perubahan yang disiapkan dibuang (Ctrl+Z mengembalikannya).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Undone: the staged changes are as they were before.</source>
        <translation>Diurungkan: perubahan yang disiapkan kembali seperti sebelumnya.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing staged to undo.</source>
        <translation>Tidak ada yang disiapkan untuk diurungkan.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>These changes were staged on the connection {name}: connect to it to send them, or discard them.</source>
        <translation>Perubahan ini disiapkan pada koneksi {name}: hubungkan ke sana untuk mengirimnya, atau buang.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nothing is staged: edit a cell first (F2 or a double click).</source>
        <translation>Belum ada yang disiapkan: edit sel dulu (F2 atau klik ganda).</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>The builder shows the transaction of %n staged change(s): check the preview and the preflight, then Execute. The staged cells clear once it is written.</source>
        <translation>
            <numerusform>Pembangun transaksi menampilkan transaksi dari %n perubahan yang disiapkan: periksa pratinjau dan pemeriksaan awal, lalu Jalankan. Sel yang disiapkan kosong kembali setelah ditulis.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+35"/>
        <source>Written: the staged changes of %n item(s) are in the table now.</source>
        <translation>
            <numerusform>Tertulis: perubahan yang disiapkan untuk %n item kini ada di tabel.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+43"/>
        <source>The staged changes could not be kept for the next start ({reason}): they stay staged in this session only, and closing the window asks first.</source>
        <translation>Perubahan yang disiapkan tidak dapat disimpan untuk start berikutnya ({reason}): tetap disiapkan hanya di sesi ini, dan menutup jendela akan bertanya dulu.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The staged changes could not be kept for the next start ({reason}); they stay staged in this session.</source>
        <translation>Perubahan yang disiapkan tidak dapat disimpan untuk start berikutnya ({reason}); tetap disiapkan di sesi ini.</translation>
    </message>
    <message numerus="yes">
        <location line="+27"/>
        <source>%n change(s) staged in an earlier window (opened {opened}, last change {saved}) on the connection {name}, restored.</source>
        <translation>
            <numerusform>%Ln perubahan yang disiapkan di jendela sebelumnya (dibuka {opened}, perubahan terakhir {saved}) pada koneksi {name}, dipulihkan.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n change(s) staged in an earlier window (last change {saved}) on the connection {name}, restored.</source>
        <translation>
            <numerusform>%Ln perubahan yang disiapkan di jendela sebelumnya (perubahan terakhir {saved}) pada koneksi {name}, dipulihkan.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n change(s) staged on the connection {name} in an earlier window (last change {saved}) are kept for when you connect to it.</source>
        <translation>
            <numerusform>%Ln perubahan yang disiapkan pada koneksi {name} di jendela sebelumnya (perubahan terakhir {saved}) disimpan untuk saat Anda terhubung ke koneksi itu.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n change(s) staged in an earlier window (last change {saved}) give other values to the same cells: they are kept, and restored when you connect again with these sent or discarded.</source>
        <translation>
            <numerusform>%Ln perubahan yang disiapkan di jendela sebelumnya (perubahan terakhir {saved}) memberi nilai lain pada sel yang sama: perubahan itu disimpan, dan dipulihkan saat Anda terhubung lagi setelah yang ini dikirim atau dibuang.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChangeValueForm</name>
    <message>
        <location filename="../../builder/template_forms.py" line="+186"/>
        <source>Change {name} of {who}</source>
        <translation>Ubah {name} milik {who}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Moves the {name} and its lock together, in one transaction: the new lock is Put only where none exists (a taken value cancels everything), the old lock is released, and the account is updated only while it still holds {value}.</source>
        <translation>Memindahkan {name} beserta lock-nya dalam satu transaksi: lock baru di-Put hanya jika belum ada (nilai yang sudah dipakai membatalkan semuanya), lock lama dilepas, dan akun diperbarui hanya selama masih memegang {value}.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Account</source>
        <translation>Akun</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Current {name}</source>
        <translation>{name} saat ini</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the new {name}</source>
        <translation>{name} baru</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source>New {name}</source>
        <translation>{name} baru</translation>
    </message>
</context>
<context>
    <name>ClaimLockForm</name>
    <message>
        <location filename="../../builder/lock_forms.py" line="+57"/>
        <source>Claim the {name} lock of {who}</source>
        <translation>Klaim lock {name} milik {who}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Account</source>
        <translation>Akun</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The account has no {name}: there is no lock to claim.</source>
        <translation>Akun ini tidak punya {name}: tidak ada lock untuk diklaim.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lock to write</source>
        <translation>Lock yang ditulis</translation>
    </message>
</context>
<context>
    <name>CodeActions</name>
    <message>
        <location filename="../../codegen/code_actions.py" line="+49"/>
        <source>&amp;Copy</source>
        <translation>&amp;Salin</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save…</source>
        <translation>Sim&amp;pan…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Close</source>
        <translation>Tutup</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Copied the {TITLES} code.</source>
        <translation>Kode {TITLES} disalin.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save the {TITLES} code</source>
        <translation>Simpan kode {TITLES}</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Could not save {path}: {value}. Choose another folder or file name.</source>
        <translation>Tidak dapat menyimpan {path}: {value}. Pilih folder atau nama berkas lain.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved the {TITLES} code to {path}.</source>
        <translation>Kode {TITLES} disimpan ke {path}.</translation>
    </message>
</context>
<context>
    <name>CodeExportDialog</name>
    <message>
        <location filename="../../builder/code_export_view.py" line="+119"/>
        <source>Copy the code of the tab shown to the clipboard</source>
        <translation>Salin kode tab yang ditampilkan ke clipboard</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the code of the tab shown to a file</source>
        <translation>Simpan kode tab yang ditampilkan ke berkas</translation>
    </message>
</context>
<context>
    <name>CollectionsModel</name>
    <message>
        <location filename="../../scans/collections_model.py" line="+70"/>
        <source>Item collection size: table items plus their LSI entries (the 10 GB limit counts both)</source>
        <translation>Ukuran item collection: item tabel ditambah entri LSI-nya (batas 10 GB menghitung keduanya)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>no LSI</source>
        <translation>tanpa LSI</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no limit</source>
        <translation>tanpa batas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>likely hot</source>
        <translation>kemungkinan panas</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Without a local secondary index an item collection has no size limit.</source>
        <translation>Tanpa local secondary index, item collection tidak punya batas ukuran.</translation>
    </message>
</context>
<context>
    <name>CommandPalette</name>
    <message>
        <location filename="../../window/command_palette.py" line="+103"/>
        <source>Go to table or command</source>
        <extracomment>The palette&apos;s frame (a popup: no title bar), a roomy search box, a list without its own frame.</extracomment>
        <translation>Buka tabel atau perintah</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Type a table or command name; Enter opens it</source>
        <translation>Ketik nama tabel atau perintah; Enter membukanya</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Table or command name</source>
        <translation>Nama tabel atau perintah</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Matching tables and commands</source>
        <translation>Tabel dan perintah yang cocok</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>No table or command matches “{text}”: the palette opens tables and the menus&apos; commands.</source>
        <translation>Tidak ada tabel atau perintah yang cocok dengan “{text}”: palet membuka tabel dan perintah menu.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>↑↓ to choose · Enter to open · Esc to close</source>
        <translation>↑↓ untuk memilih · Enter untuk membuka · Esc untuk menutup</translation>
    </message>
</context>
<context>
    <name>ConfirmDialog</name>
    <message>
        <location filename="../../builder/dialogs.py" line="-152"/>
        <source>Execute transaction</source>
        <translation>Jalankan transaksi</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connection: {connection}</source>
        <translation>Koneksi: {connection}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Request to send</source>
        <translation>Permintaan yang dikirim</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Type {type_to_confirm} to confirm:</source>
        <translation>Ketik {type_to_confirm} untuk mengonfirmasi:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Execute</source>
        <translation>Jalankan</translation>
    </message>
</context>
<context>
    <name>ConnectionController</name>
    <message>
        <location filename="../../window/connection_controller.py" line="+170"/>
        <source>the demo backend</source>
        <extracomment>What showing a table&apos;s first rows imports: its description, the reader, the uniqueness schema and its store, the read log&apos;s labels. Imported in a worker while the connection opens (the demo seeds for ~0.2 s more after its client is made), so the first rows wait for none of it on the UI thread (~30 ms of imports there before). What a connection being opened tells the window (from a worker thread): (&quot;where&quot;, the spec&apos;s line with its configured endpoint) or (&quot;process&quot;, the profile whose credential_process it waits for, None once that has ended). (Connection, DemoBackend or None, table names): the window switches to it. (exception, ConnectionSpec or None for the demo): the connection did not open. A connection to a ``ConnectionSpec`` is about to open (on the UI thread): what it may ask for (an MFA code) must be ready now. (badge, sentence) while a connection opens: where it goes, and what it waits for. The sentence saying a connect was cancelled (the connection open before, if any, stays).</extracomment>
        <translation>backend demo</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Not connected: connecting to {where} was cancelled.</source>
        <translation>Tidak terhubung: menghubungkan ke {where} dibatalkan.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connecting to {where} was cancelled; still connected to {current}.</source>
        <translation>Menghubungkan ke {where} dibatalkan; masih terhubung ke {current}.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Connecting to {where}…</source>
        <translation>Menghubungkan ke {where}…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Connecting to {where}, waiting for the credential_process of profile {profile} (it is stopped after {seconds} s; Cancel stops it now).</source>
        <translation>Menghubungkan ke {where}, menunggu credential_process profil {profile} (dihentikan setelah {seconds} dtk; Batal menghentikannya sekarang).</translation>
    </message>
</context>
<context>
    <name>ConnectionDialog</name>
    <message>
        <location filename="../../window/connection_dialog.py" line="+56"/>
        <source>Connect to DynamoDB</source>
        <translation>Hubungkan ke DynamoDB</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Some saved connections were skipped: </source>
        <translation>Beberapa koneksi tersimpan dilewati: </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No AWS profile could be listed: {why}</source>
        <translation>Tidak ada profil AWS yang bisa didaftar: {why}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved connections</source>
        <translation>Koneksi tersimpan</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A profile from ~/.aws/config or ~/.aws/credentials (SSO profiles included). Empty: the default credential chain.</source>
        <translation>Profil dari ~/.aws/config atau ~/.aws/credentials (termasuk profil SSO). Kosong: rantai kredensial bawaan.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>e.g. eu-west-1 (empty: the profile&apos;s region)</source>
        <translation>mis. eu-west-1 (kosong: region profil)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>empty for AWS; http://localhost:8000 for DynamoDB Local</source>
        <translation>kosong untuk AWS; http://localhost:8000 untuk DynamoDB Local</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Send in clear text (http://) to this host</source>
        <translation>Kirim tanpa enkripsi (http://) ke host ini</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read-only: refuse every write before it leaves the machine</source>
        <translation>Hanya-baca: tolak setiap penulisan sebelum keluar dari mesin ini</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Production: open read-only; writing asks for the account id</source>
        <translation>Produksi: buka hanya-baca; penulisan meminta ID akun</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Name</source>
        <translation>Nama</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Endpoint URL</source>
        <translation>URL endpoint</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Only names, profiles, regions and endpoints are saved; never keys or tokens.</source>
        <translation>Hanya nama, profil, region, dan endpoint yang disimpan; tidak pernah key atau token.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Save</source>
        <translation>Simpan</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+227"/>
        <source>Delete</source>
        <translation>Hapus</translation>
    </message>
    <message>
        <location line="-226"/>
        <source>New</source>
        <translation>Baru</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Connect</source>
        <translation>Hubungkan</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Demo</source>
        <translation>Demo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(started inside the app)</source>
        <translation>(dijalankan di dalam aplikasi)</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Requests to {host} travel unencrypted (http://): anyone on the network between can read the items and, when AWS keys sign them, the access key id and session token, and can send a captured request again for minutes. Use https:// if the host has it.</source>
        <translation>Permintaan ke {host} dikirim tanpa enkripsi (http://): siapa pun di jaringan di antaranya dapat membaca item dan, bila kunci AWS menandatanganinya, ID kunci akses dan token sesi, serta dapat mengirim ulang permintaan yang disadap selama beberapa menit. Gunakan https:// jika host mendukungnya.</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+141"/>
        <source>{source} is {url}. </source>
        <translation>{source} adalah {url}. </translation>
    </message>
    <message>
        <location line="-128"/>
        <source>Give the connection a name.</source>
        <translation>Beri nama koneksi.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The endpoint URL must start with http:// or https://, e.g. http://localhost:8000.</source>
        <translation>URL endpoint harus diawali http:// atau https://, mis. http://localhost:8000.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Its profile, region and endpoint are replaced by the ones in this form.</source>
        <translation>Profil, region, dan endpoint-nya diganti dengan yang ada di formulir ini.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It is a production connection: it would no longer open read-only, nor ask for the account id before a write.</source>
        <translation>Ini koneksi produksi: koneksi ini tidak lagi dibuka hanya-baca, dan tidak lagi meminta ID akun sebelum menulis.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It is a read-only connection: it would accept writes.</source>
        <translation>Ini koneksi hanya-baca: koneksi ini akan menerima penulisan.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To keep both, cancel and give this connection another name.</source>
        <translation>Untuk menyimpan keduanya, batalkan dan beri koneksi ini nama lain.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Replace saved connection?</source>
        <translation>Ganti koneksi tersimpan?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace the saved connection “{name}”?</source>
        <translation>Ganti koneksi tersimpan “{name}”?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace</source>
        <translation>Ganti</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Profile: {profile}.</source>
        <translation>Profil: {profile}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile: none (the default credential chain).</source>
        <translation>Profil: tidak ada (rantai kredensial bawaan).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Region: {region}.</source>
        <translation>Region: {region}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Region: the profile&apos;s.</source>
        <translation>Region: milik profil.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Endpoint: {url}.</source>
        <translation>Endpoint: {url}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Endpoint: AWS&apos;s (or the profile&apos;s).</source>
        <translation>Endpoint: milik AWS (atau milik profil).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It is a production connection.</source>
        <translation>Ini koneksi produksi.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It is a read-only connection.</source>
        <translation>Ini koneksi hanya-baca.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only this saved entry goes (the profile and the tables stay); it cannot be undone.</source>
        <translation>Hanya entri tersimpan ini yang dihapus (profil dan tabel tetap ada); tidak dapat dibatalkan.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Delete saved connection?</source>
        <translation>Hapus koneksi tersimpan?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the saved connection “{name}”?</source>
        <translation>Hapus koneksi tersimpan “{name}”?</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Requests to {host} would travel unencrypted: use https://, or tick “Send in clear text” below the field to connect anyway (Save keeps that choice for this connection).</source>
        <translation>Permintaan ke {host} akan dikirim tanpa enkripsi: gunakan https://, atau centang “Kirim tanpa enkripsi” di bawah kolom untuk tetap terhubung (Simpan menyimpan pilihan itu untuk koneksi ini).</translation>
    </message>
</context>
<context>
    <name>ConsentQuestion</name>
    <message>
        <location filename="../../updates/question.py" line="+20"/>
        <source>{APP_NAME}: new versions</source>
        <translation>{APP_NAME}: versi baru</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check for new versions of {APP_NAME} once a day?</source>
        <translation>Periksa versi baru {APP_NAME} sekali sehari?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{APP_NAME} would ask {urlsplit} for the number of the newest version and tell you when there is one. It sends nothing about you, your connections or your tables, and never installs anything itself. You are asked once.</source>
        <translation>{APP_NAME} akan menanyakan nomor versi terbaru ke {urlsplit} dan memberi tahu Anda bila ada. Tidak ada yang dikirim tentang Anda, koneksi, atau tabel Anda, dan tidak ada yang dipasang sendiri. Anda hanya ditanya sekali.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Check daily</source>
        <translation>Periksa harian</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Don&apos;t check</source>
        <translation>Jangan periksa</translation>
    </message>
</context>
<context>
    <name>CopyItemsDialog</name>
    <message>
        <location filename="../../transfer/copy_dialog.py" line="+81"/>
        <source>Copy items to a table</source>
        <translation>Salin item ke tabel</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Each item is written by a Put guarded by attribute_not_exists on the target&apos;s key, so nothing already in the target is replaced. Batches of up to 100 open in the transaction builder, where you see the request and the preflight before anything is sent. An account and its locks always go in the same batch, so a copy that stops between batches never splits them.</source>
        <translation>Setiap item ditulis oleh Put yang dijaga attribute_not_exists pada kunci tujuan, jadi tidak ada yang sudah ada di tujuan yang diganti. Batch berisi hingga 100 dibuka di penyusun transaksi, tempat Anda melihat permintaan dan pra-pemeriksaan sebelum apa pun dikirim. Akun dan kuncinya selalu berada di batch yang sama, jadi salinan yang berhenti di antara batch tidak pernah memisahkannya.</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>the selected item(s) (%Ln)</source>
        <translation>
            <numerusform>item terpilih (%Ln)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Copy:</source>
        <translation>Salin:</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+107"/>
        <source>this connection ({name})</source>
        <translation>koneksi ini ({name})</translation>
    </message>
    <message>
        <location line="-106"/>
        <source>this connection</source>
        <translation>koneksi ini</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Copying to another connection switches the window to it; open this from the main window to do that.</source>
        <translation>Menyalin ke koneksi lain memindahkan jendela ke koneksi itu; buka ini dari jendela utama untuk melakukannya.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To connection:</source>
        <translation>Ke koneksi:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>target table</source>
        <translation>tabel tujuan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To table:</source>
        <translation>Ke tabel:</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+43"/>
        <location line="+168"/>
        <source>Open in the builder</source>
        <translation>Buka di pembangun transaksi</translation>
    </message>
    <message>
        <location line="-209"/>
        <source>Close</source>
        <translation>Tutup</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Warning: {details}</source>
        <translation>Peringatan: {details}</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Type or pick the target table.</source>
        <translation>Ketik atau pilih tabel tujuan.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reading the key schema of {name}…</source>
        <translation>Membaca skema key {name}…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connect first.</source>
        <translation>Hubungkan dulu.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Switch to {name} and open batch 1</source>
        <translation>Pindah ke {name} dan buka batch 1</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln item(s) in {batches}. The builder sends on the window&apos;s connection: the window switches to {name} and opens {table}; the items to copy stay here.</source>
        <translation>
            <numerusform>%Ln item dalam {batches}. Pembangun transaksi mengirim lewat koneksi jendela: jendela pindah ke {name} dan membuka {table}; item yang disalin tetap di sini.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln batch(es)</source>
        <translation>
            <numerusform>%Ln batch</numerusform>
        </translation>
    </message>
    <message>
        <location line="+30"/>
        <source>the source</source>
        <translation>sumber</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{there} account(s) by its rules, {here} by {source}&apos;s</source>
        <translation>{there} akun menurut aturannya, {here} menurut aturan {source}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{target} has other uniqueness rules than {source}: by them the copied items are paired otherwise ({details}), so the target would not guard their values as the source does. Check {target}&apos;s schema before you send.</source>
        <translation>{target} memiliki aturan keunikan yang berbeda dari {source}: menurut aturan itu item yang disalin dipasangkan secara lain ({details}), sehingga tujuan tidak akan menjaga nilainya seperti sumber. Periksa skema {target} sebelum mengirim.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Connecting to {name}…</source>
        <translation>Menghubungkan ke {name}…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Batch {value} was not opened: the builder keeps its unsent actions (the batch is kept as a draft too). Send or save them, then open batch {value} again.</source>
        <translation>Batch {value} tidak dibuka: pembangun transaksi menyimpan aksinya yang belum dikirim (batch juga disimpan sebagai draf). Kirim atau simpan aksi itu, lalu buka batch {value} lagi.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Nothing to open: press Open in the builder to make the batches.</source>
        <translation>Tidak ada yang dibuka: tekan Buka di pembangun transaksi untuk membuat batch.</translation>
    </message>
    <message>
        <location line="-11"/>
        <location line="+19"/>
        <source>Open batch {value} of {total}</source>
        <translation>Buka batch {value} dari {total}</translation>
    </message>
    <message>
        <location line="-243"/>
        <source>every item of the current result ({n})</source>
        <translation>semua item hasil saat ini ({n})</translation>
    </message>
    <message>
        <location line="+244"/>
        <source>Batch {opened} of {total} ({actions_count} Puts) is open in the builder: check the request and the preflight, then Execute. Come back here for the next batch.</source>
        <translation>Batch {opened} dari {total} ({actions_count} Put) terbuka di pembangun transaksi: periksa permintaan dan pemeriksaan awal, lalu Jalankan. Kembali ke sini untuk batch berikutnya.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Batch {opened} of {total} ({actions_count} Puts) is open in the builder: check the request and the preflight, then Execute. That is the last batch.</source>
        <translation>Batch {opened} dari {total} ({actions_count} Put) terbuka di pembangun transaksi: periksa permintaan dan pemeriksaan awal, lalu Jalankan. Itu batch terakhir.</translation>
    </message>
</context>
<context>
    <name>CountBox</name>
    <message>
        <location filename="../../scans/count_box.py" line="+54"/>
        <source>{typed} is not a count from {low} to {high}: the box now says {value}. Scan again to read that many, or type another count.</source>
        <translation>{typed} bukan jumlah dari {low} sampai {high}: kotak kini berisi {value}. Scan lagi untuk membaca sebanyak itu, atau ketik jumlah lain.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No count was typed: the box is back at {value}. Scan again to read that many, or type a count from {low} to {high}.</source>
        <translation>Tidak ada jumlah yang diketik: kotak kembali ke {value}. Scan lagi untuk membaca sebanyak itu, atau ketik jumlah dari {low} sampai {high}.</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <location filename="../../crash.py" line="+98"/>
        <source>{APP_NAME}: unexpected error</source>
        <translation>{APP_NAME}: error tak terduga</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{APP_NAME} is still running and your connection is still open. If something looks wrong, run the read again or reconnect (Ctrl+O). Keys, secrets and session tokens have been removed from the report below. Nothing is sent unless you click Send report: it opens {where} with the report filled in, for you to read and submit.</source>
        <translation>{APP_NAME} masih berjalan dan koneksi Anda masih terbuka. Jika ada yang tampak salah, jalankan pembacaan lagi atau hubungkan ulang (Ctrl+O). Key, rahasia, dan token sesi sudah dihapus dari laporan di bawah. Tidak ada yang dikirim kecuali Anda mengklik Kirim laporan: ini membuka {where} dengan laporan terisi, untuk Anda baca dan kirim.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Crash report</source>
        <translation>Laporan crash</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keep and close</source>
        <translation>Simpan dan tutup</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy report</source>
        <translation>Salin laporan</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send report…</source>
        <translation>Kirim laporan…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Opens {split} with the report filled in</source>
        <translation>Membuka {split} dengan laporan terisi</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Don&apos;t keep</source>
        <translation>Jangan simpan</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the saved report and close</source>
        <translation>Hapus laporan tersimpan lalu tutup</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>&lt;b&gt;%Ln unexpected error(s).&lt;/b&gt; The latest: {summary}</source>
        <translation>
            <numerusform>&lt;b&gt;%Ln error tak terduga.&lt;/b&gt; Terbaru: {summary}</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved to {saved_to}</source>
        <translation>Disimpan ke {saved_to}</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The report is open in your browser or mail app, and on the clipboard: nothing is sent until you submit it there.</source>
        <translation>Laporan terbuka di browser atau aplikasi email Anda, dan ada di clipboard: tidak ada yang dikirim sampai Anda mengirimnya di sana.</translation>
    </message>
</context>
<context>
    <name>CreateTableDialog</name>
    <message>
        <location filename="../../tables/create_dialog.py" line="+82"/>
        <source>Create a local table</source>
        <translation>Buat tabel lokal</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A copy of a table: paste its DescribeTable JSON (aws dynamodb describe-table output) or open it</source>
        <extracomment>The plan whose table this dialog created without TTL (its TTL step failed).</extracomment>
        <translation>Salinan tabel: tempel JSON DescribeTable-nya (keluaran aws dynamodb describe-table) atau buka berkasnya</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>DescribeTable JSON</source>
        <translation>JSON DescribeTable</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open…</source>
        <translation>&amp;Buka…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Table &amp;name:</source>
        <translation>&amp;Nama tabel:</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+83"/>
        <source>CreateTable request (sent as shown):</source>
        <translation>Permintaan CreateTable (dikirim seperti tampil):</translation>
    </message>
    <message>
        <location line="-75"/>
        <location line="+73"/>
        <source>&amp;Create</source>
        <translation>B&amp;uat</translation>
    </message>
    <message>
        <location line="-70"/>
        <source>Close</source>
        <translation>Tutup</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>create a table</source>
        <translation>buat tabel</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>{name} is there without TTL: Turn TTL on sends only UpdateTimeToLive (TTL on {attribute}).</source>
        <translation>{name} sudah ada tanpa TTL: Aktifkan TTL hanya mengirim UpdateTimeToLive (TTL pada {attribute}).</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Turn &amp;TTL on</source>
        <translation>Aktifkan &amp;TTL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>UpdateTimeToLive request (sent as shown):</source>
        <translation>Permintaan UpdateTimeToLive (dikirim seperti yang ditampilkan):</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>

Then UpdateTimeToLive: TTL on {ttl_attribute}.</source>
        <translation>

Lalu UpdateTimeToLive: TTL pada {ttl_attribute}.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Open a DescribeTable JSON</source>
        <translation>Buka JSON DescribeTable</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Could not read {path}: {getattr}.</source>
        <translation>Tidak dapat membaca {path}: {getattr}.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Turning TTL on for {name}…</source>
        <translation>Mengaktifkan TTL untuk {name}…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Creating {name}…</source>
        <translation>Membuat {name}…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{window} Creating {name} goes on at {then}, where this dialog was opened.</source>
        <translation>{window} Pembuatan {name} berlanjut di {then}, tempat dialog ini dibuka.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Created {name} at {then}. {window}</source>
        <translation>{name} dibuat di {then}. {window}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Created {name}.</source>
        <translation>{name} dibuat.</translation>
    </message>
</context>
<context>
    <name>DOCUMENT_COUNTS</name>
    <message numerus="yes">
        <location filename="../../items/value_dialogs.py" line="+366"/>
        <source>%n entr(y|ies)</source>
        <translation>
            <numerusform>%n entri</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n item</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DRAFTS_PROMPTS</name>
    <message numerus="yes">
        <location filename="../../builder/drafts_prompts.py" line="+112"/>
        <source>The builder holds %Ln unsent action(s). Replace (it|them) with the imported {actions}, or append the imported ones after (it|them)?</source>
        <translation>
            <numerusform>Pembangun transaksi berisi %Ln aksi yang belum dikirim. Ganti dengan {actions} yang diimpor, atau tambahkan yang diimpor di belakangnya?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>The builder holds %Ln unsent action(s). Replace (it|them) with the new transaction&apos;s {actions}, or append those after (it|them)?</source>
        <translation>
            <numerusform>Pembangun transaksi berisi %Ln aksi yang belum dikirim. Ganti dengan {actions} dari transaksi baru, atau tambahkan itu di belakangnya?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../builder/drafts_dialog.py" line="+196"/>
        <location filename="../../builder/drafts_prompts.py" line="-9"/>
        <source>%Ln action(s)</source>
        <translation>
            <numerusform>%Ln aksi</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DeleteAccountForm</name>
    <message>
        <location filename="../../builder/template_forms.py" line="+28"/>
        <source>Delete account {who}</source>
        <translation>Hapus akun {who}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deletes the account and the locks of its values in one transaction, so no lock is left behind to block a value forever. The account is deleted only while it still holds the values below; each lock only while it exists.</source>
        <translation>Menghapus akun dan lock nilai-nilainya dalam satu transaksi, agar tidak ada lock tertinggal yang memblokir nilai selamanya. Akun dihapus hanya selama masih memegang nilai di bawah; setiap lock hanya selama masih ada.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Account</source>
        <translation>Akun</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>(none: no {name} lock to remove)</source>
        <translation>(tidak ada: tidak ada lock {name} untuk dihapus)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{value}   → removes lock {lock}</source>
        <translation>{value}   → menghapus lock {lock}</translation>
    </message>
</context>
<context>
    <name>DeleteTableDialog</name>
    <message>
        <location filename="../../tables/delete_dialog.py" line="+51"/>
        <source>Delete {name}</source>
        <translation>Hapus {name}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Delete the table {name} at {where} with every item and index in it? This cannot be undone. Type the table&apos;s name to confirm.</source>
        <translation>Hapus tabel {name} di {where} beserta semua item dan indeksnya? Ini tidak dapat diurungkan. Ketik nama tabel untuk mengonfirmasi.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Table name to confirm</source>
        <translation>Nama tabel untuk konfirmasi</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Delete</source>
        <translation>&amp;Hapus</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>delete a table</source>
        <translation>hapus tabel</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Deleting {table}…</source>
        <translation>Menghapus {table}…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{window} Deleting {table} goes on at {then}, where this dialog was opened.</source>
        <translation>{window} Penghapusan {table} berlanjut di {then}, tempat dialog ini dibuka.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Deleted {table} at {then}. {window}</source>
        <translation>{table} dihapus di {then}. {window}</translation>
    </message>
</context>
<context>
    <name>DiagnoseBox</name>
    <message>
        <location filename="../../locks/diagnose.py" line="+51"/>
        <source>Diagnose one value</source>
        <extracomment>Lines of the answer box before an answer (the grid keeps the room at 1024x700); an answer gets the height its text needs (``room_wanted``), up to ``ANSWER_LINES_MAX``.</extracomment>
        <translation>Diagnosis satu nilai</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Type an email or username above and press Diagnose: the answer says whether it is locked, and by whom.</source>
        <translation>Ketik email atau username di atas lalu tekan Diagnosis: jawabannya menyatakan apakah nilai itu ter-lock, dan oleh siapa.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Unique attribute</source>
        <translation>Atribut unik</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Value to diagnose</source>
        <translation>Nilai yang didiagnosis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An email or username, exactly as the person typed it</source>
        <translation>Email atau username, persis seperti yang diketik orangnya</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Diagnose</source>
        <translation>Diagnosis</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Release lock…</source>
        <translation>Lepas lock…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Claim lock…</source>
        <translation>Klaim lock…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resolve duplicate…</source>
        <translation>Selesaikan duplikat…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+74"/>
        <source>Open account</source>
        <translation>Buka akun</translation>
    </message>
    <message>
        <location line="-72"/>
        <source>Open lock</source>
        <translation>Buka lock</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan instead</source>
        <translation>Scan saja</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Diagnose again, looking the holders up with a Scan that reads every account&apos;s spelling (the index finds only the spellings asked for). It reads the whole table: read capacity in proportion to its size.</source>
        <translation>Diagnosis ulang, mencari pemegang dengan Scan yang membaca ejaan setiap akun (indeks hanya menemukan ejaan yang ditanyakan). Scan membaca seluruh tabel: kapasitas baca sebanding dengan ukurannya.</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Open account ({accounts_count})</source>
        <translation>Buka akun ({accounts_count})</translation>
    </message>
</context>
<context>
    <name>DiagnoseControl</name>
    <message>
        <location filename="../../locks/diagnose_control.py" line="+55"/>
        <source>The value is only spaces: type the email or username to diagnose.</source>
        <translation>Nilainya hanya berisi spasi: ketik email atau nama pengguna yang akan didiagnosis.</translation>
    </message>
</context>
<context>
    <name>DocumentEditorDialog</name>
    <message>
        <location filename="../../items/value_dialogs.py" line="-119"/>
        <source>Edit {name} ({code})</source>
        <translation>Edit {name} ({code})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {what} as DynamoDB JSON (or plain JSON); the tree shows what will be staged.</source>
        <translation>{what} sebagai DynamoDB JSON (atau JSON biasa); pohon menampilkan apa yang akan disiapkan.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>list</source>
        <translation>list</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>map</source>
        <translation>map</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Value as JSON</source>
        <translation>Nilai sebagai JSON</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name</source>
        <translation>Nama</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>Tipe</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Nilai</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value as a tree</source>
        <translation>Nilai sebagai pohon</translation>
    </message>
    <message>
        <location line="+29"/>
        <source> (at {path})</source>
        <translation> (di {path})</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>(value)</source>
        <translation>(nilai)</translation>
    </message>
</context>
<context>
    <name>DraftOrigin</name>
    <message>
        <location filename="../../builder/draft_origin.py" line="+56"/>
        <source>table {table} on connection {connection}</source>
        <extracomment>(connection name, table name), either None when the window had none.</extracomment>
        <translation>tabel {table} di koneksi {connection}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>connection {connection}</source>
        <translation>koneksi {connection}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>table {table}</source>
        <translation>tabel {table}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>They were made for {where}: check the table names before you Execute.</source>
        <translation>Dibuat untuk {where}: periksa nama tabel sebelum Anda Jalankan.</translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>The builder&apos;s %n unsent action(s) (was|were) made for {where}; Execute would now send (it|them) to connection {new}.</source>
        <translation>
            <numerusform>%n aksi pembangun transaksi yang belum dikirim dibuat untuk {where}; Jalankan kini akan mengirimnya ke koneksi {new}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportAuditController</name>
    <message>
        <location filename="../../transfer/export_controller.py" line="+183"/>
        <source>The export could not be read{where}: {reason}. Check the folder, or pick another.</source>
        <translation>Ekspor tidak dapat dibaca{where}: {reason}. Periksa foldernya, atau pilih yang lain.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The export audit was cancelled; nothing was reported.</source>
        <translation>Audit ekspor dibatalkan; tidak ada yang dilaporkan.</translation>
    </message>
</context>
<context>
    <name>ExportAuditDialog</name>
    <message>
        <location filename="../../transfer/export_audit_dialog.py" line="+66"/>
        <source>Audit an export</source>
        <translation>Audit ekspor</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Audits a DynamoDB export to S3 (DYNAMODB_JSON) with the same rules as the live audit, without reading the table. Give the export&apos;s folder or s3://bucket/prefix/; incremental exports to apply over it go on the next lines.</source>
        <translation>Mengaudit ekspor DynamoDB ke S3 (DYNAMODB_JSON) dengan aturan yang sama seperti audit langsung, tanpa membaca tabel. Isi folder ekspor atau s3://bucket/prefix/; ekspor inkremental yang diterapkan di atasnya di baris berikutnya.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Exports</source>
        <translation>Ekspor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One export folder or s3:// prefix a line: the full export first, then incremental exports</source>
        <translation>Satu folder ekspor atau prefix s3:// per baris: ekspor penuh dulu, lalu ekspor inkremental</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add folder…</source>
        <translation>Tambah folder…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Exports:</source>
        <translation>Ekspor:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the table&apos;s TTL attribute, e.g. expiresAt (empty: not checked)</source>
        <translation>atribut TTL tabel, mis. expiresAt (kosong: tidak diperiksa)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTL attribute:</source>
        <translation>Atribut TTL:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Schema:</source>
        <translation>Skema:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Audit</source>
        <translation>Audit</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Findings</source>
        <translation>Temuan</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save report…</source>
        <translation>Simpan laporan…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Repair…</source>
        <translation>Perbaiki…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each finding is re-read with a strongly consistent GetItem before anything is written.</source>
        <translation>Setiap temuan dibaca ulang dengan GetItem sangat konsisten sebelum apa pun ditulis.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Close</source>
        <translation>Tutup</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Export folder</source>
        <translation>Folder ekspor</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Give the export&apos;s folder or s3:// location first.</source>
        <translation>Isi folder ekspor atau lokasi s3:// dulu.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Line {n}: {problem}</source>
        <translation>Baris {n}: {problem}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The TTL attribute holds the control character U+{code:04X}: no attribute name the audit can compare should. Type it again without it, or leave it empty.</source>
        <translation>Atribut TTL berisi karakter kontrol U+{code:04X}: nama atribut yang dapat dibandingkan audit tidak semestinya berisi itu. Ketik lagi tanpa karakter itu, atau biarkan kosong.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The TTL attribute is {size} bytes long; DynamoDB&apos;s TTL attribute name holds at most {limit}. Give the table&apos;s TTL attribute, or leave it empty.</source>
        <translation>Atribut TTL panjangnya {size} byte; nama atribut TTL DynamoDB paling banyak {limit}. Isi atribut TTL tabel, atau biarkan kosong.</translation>
    </message>
    <message numerus="yes">
        <location line="+37"/>
        <source>%Ln item(s)</source>
        <translation>
            <numerusform>%Ln item</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{read} of {table} audited with {engine} in {duration_s:.1f} s. {counts}.
{snapshot_note}</source>
        <translation>{read} dari {table} diaudit dengan {engine} dalam {duration_s:.1f} dtk. {counts}.
{snapshot_note}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No problems found.</source>
        <translation>Tidak ada masalah.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Starting…</source>
        <translation>Memulai…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Save the audit report</source>
        <translation>Simpan laporan audit</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Could not save {path}: {value}. Choose another folder or file name.</source>
        <translation>Tidak dapat menyimpan {path}: {value}. Pilih folder atau nama berkas lain.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Report saved to {path}.</source>
        <translation>Laporan disimpan ke {path}.</translation>
    </message>
</context>
<context>
    <name>ExportController</name>
    <message>
        <location filename="../../transfer/export_controller.py" line="-92"/>
        <source>{path} could not be written ({reason}): free some space or pick another folder, then export again.</source>
        <translation>{path} tidak dapat ditulis ({reason}): kosongkan ruang atau pilih folder lain, lalu ekspor lagi.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> (it finished before the cancel reached it)</source>
        <translation> (selesai sebelum pembatalan sampai)</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Exported %Ln item(s) to {path}: partial, the read has more pages not loaded.</source>
        <translation>
            <numerusform>%Ln item diekspor ke {path}: sebagian, pembacaan masih punya halaman yang belum dimuat.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>{summary} Written to {path}{late}. Partial: the read has more pages not loaded, so the file holds only the %Ln item(s) loaded; export the whole table for every item.</source>
        <translation>
            <numerusform>{summary} Ditulis ke {path}{late}. Sebagian: pembacaan masih punya halaman yang belum dimuat, jadi berkas hanya berisi %Ln item yang dimuat; ekspor seluruh tabel untuk semua item.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Exported %Ln item(s) to {path}.</source>
        <translation>
            <numerusform>%Ln item diekspor ke {path}.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{summary} Written to {path}{late}.</source>
        <translation>{summary} Ditulis ke {path}{late}.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{message} No file was written.</source>
        <translation>{message} Tidak ada berkas yang ditulis.</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../../builder/dialogs.py" line="+73"/>
        <source>Copy</source>
        <translation>Salin</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Content of {file_name}:</source>
        <translation>Isi {file_name}:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Content of {file_name}</source>
        <translation>Isi {file_name}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy {file_name}</source>
        <translation>Salin {file_name}</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../transfer/export_dialog.py" line="+131"/>
        <source>Close</source>
        <translation>Tutup</translation>
    </message>
    <message>
        <location filename="../../transfer/export_dialog.py" line="-46"/>
        <source>Export items</source>
        <translation>Ekspor item</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Export:</source>
        <translation>Ekspor:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Format:</source>
        <translation>Format:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV:</source>
        <translation>CSV:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan:</source>
        <translation>Scan:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the file to write (created private to you)</source>
        <translation>berkas yang ditulis (dibuat privat untuk Anda)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>Berkas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>Telusuri…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>File:</source>
        <translation>Berkas:</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Export</source>
        <translation>Ekspor</translation>
    </message>
    <message numerus="yes">
        <location line="+19"/>
        <source>{source} (%Ln item(s) loaded)</source>
        <translation>
            <numerusform>{source} (%Ln item dimuat)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln item(s) loaded; the read has more pages: this exports only those %Ln. Choose the whole table to export every item, or load the rest of the read first (scroll to its end or Ctrl+L) and export again.</source>
        <translation>
            <numerusform>%Ln item dimuat; pembacaan masih punya halaman lain: ini hanya mengekspor %Ln item itu. Pilih seluruh tabel untuk mengekspor semua item, atau muat dulu sisa pembacaan (gulir sampai akhir atau Ctrl+L) lalu ekspor lagi.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{why} The file holds these rows as read; choose the whole table to export whole items.</source>
        <translation>{why} Berkas ini berisi baris-baris ini seperti yang dibaca; pilih seluruh tabel untuk mengekspor item utuh.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the whole table {name} (a parallel Scan)</source>
        <translation>seluruh tabel {name} (Scan paralel)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the whole table (open a table first)</source>
        <translation>seluruh tabel (buka tabel dulu)</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Keep formula-like cells raw (for programs: unsafe to open in a spreadsheet)</source>
        <translation>Biarkan sel mirip rumus apa adanya (untuk program: tidak aman dibuka di spreadsheet)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write cells starting with =, +, -, @, a tab or a carriage return exactly as stored: a spreadsheet may run them as formulas.</source>
        <translation>Tulis sel yang diawali =, +, -, @, tab, atau carriage return persis seperti tersimpan: spreadsheet bisa menjalankannya sebagai rumus.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Strongly consistent</source>
        <translation>Sangat konsisten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Strong reads see every acknowledged write and cost twice as much.</source>
        <translation>Pembacaan kuat melihat setiap penulisan yang sudah dikonfirmasi dan biayanya dua kali lipat.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Segments </source>
        <translation>Segmen </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan segments</source>
        <translation>Segmen Scan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallel Scan segments (Segment/TotalSegments)</source>
        <translation>Segmen Scan paralel (Segment/TotalSegments)</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Export to</source>
        <translation>Ekspor ke</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Replace the file?</source>
        <translation>Ganti berkas?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} exists already in {folder}. Replace it with this export? Its content will be lost.</source>
        <translation>{name} sudah ada di {folder}. Ganti dengan ekspor ini? Isinya akan hilang.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Give the file to write first.</source>
        <translation>Isi berkas tujuan dulu.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{path} cannot be used ({reason}): pick another place.</source>
        <translation>{path} tidak dapat dipakai ({reason}): pilih tempat lain.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path} is a folder: add the name of the file to write, e.g. {path}/{name}.</source>
        <translation>{path} adalah folder: tambahkan nama berkas yang akan ditulis, misalnya {path}/{name}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} ends in a slash, so it names a folder: add the name of the file to write, e.g. {path}{name}.</source>
        <translation>{path} diakhiri garis miring, jadi menunjuk folder: tambahkan nama berkas yang akan ditulis, misalnya {path}{name}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{file} is a file, not a folder: pick a folder to write {name} in.</source>
        <translation>{file} adalah berkas, bukan folder: pilih folder untuk menulis {name}.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Nothing was written: give another file name, or confirm the replacement.</source>
        <translation>Tidak ada yang ditulis: beri nama berkas lain, atau konfirmasi penggantian.</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Writing %Ln item(s)…</source>
        <translation>
            <numerusform>Menulis %Ln item…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Connect and open the table first.</source>
        <translation>Hubungkan dan buka tabel dulu.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Starting the Scan…</source>
        <translation>Memulai Scan…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reading {name} in {value} segments…</source>
        <translation>Membaca {name} dalam {value} segmen…</translation>
    </message>
</context>
<context>
    <name>ExtraItemsTabs</name>
    <message>
        <location filename="../../items/tabs.py" line="+44"/>
        <source>Items: {name}</source>
        <translation>Item: {name}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Close this Items tab on {name}</source>
        <translation>Tutup tab Item ini untuk {name}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Close the Items tab on {name}</source>
        <translation>Tutup tab Item untuk {name}</translation>
    </message>
</context>
<context>
    <name>ExtrasReader</name>
    <message>
        <location filename="../../window/tables_panel.py" line="+269"/>
        <source>Point-in-time recovery and resource policy: not known ({type})</source>
        <translation>Point-in-time recovery dan resource policy: tidak diketahui ({type})</translation>
    </message>
</context>
<context>
    <name>FeatureTabs</name>
    <message>
        <location filename="../../window/feature_tabs.py" line="+70"/>
        <source>Items</source>
        <translation>Item</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <location filename="../../locks/layout.py" line="+56"/>
        <location line="+4"/>
        <source>Search values or account ids</source>
        <translation>Cari nilai atau ID akun</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Show rows</source>
        <translation>Tampilkan baris</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export CSV…</source>
        <translation>Ekspor CSV…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export JSON…</source>
        <translation>Ekspor JSON…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export progress</source>
        <translation>Kemajuan ekspor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Writing 3,000,000 of 3,000,000 findings</source>
        <translation>Menulis 3.000.000 dari 3.000.000 temuan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel export</source>
        <translation>Batalkan ekspor</translation>
    </message>
</context>
<context>
    <name>FindingsPane</name>
    <message>
        <location line="+88"/>
        <source>Accounts and locks</source>
        <translation>Akun dan lock</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One row per value: its account, its lock and the finding</source>
        <translation>Satu baris per nilai: akunnya, lock-nya, dan temuannya</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Select a row to see what is wrong and what to do.</source>
        <translation>Pilih baris untuk melihat masalahnya dan apa yang harus dilakukan.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open item</source>
        <translation>Buka item</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Release lock…</source>
        <translation>Lepas lock…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Claim lock…</source>
        <translation>Klaim lock…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resolve duplicate…</source>
        <translation>Selesaikan duplikat…</translation>
    </message>
</context>
<context>
    <name>GridOrder</name>
    <message>
        <location filename="../../locks/grid_order.py" line="+183"/>
        <source>Ordering {rows_count} rows…</source>
        <extracomment>Up to this many rows the grid is ordered at once on the UI thread (milliseconds); larger audits are ordered in the pool. Once a large audit&apos;s rows are shown, the account order is sorted in the pool after this pause (the first paint goes first), so a click on a header finds it ready. An order in the pool shows its busy bar (with Cancel) only once it has run this long: a sort or filter of a million rows is often done sooner, and never flashes one. The audit&apos;s own order (problems first) reads as a descending Status sort.</extracomment>
        <translation>Mengurutkan {rows_count} baris…</translation>
    </message>
</context>
<context>
    <name>ImportController</name>
    <message>
        <location filename="../../transfer/import_controller.py" line="+32"/>
        <source>Connect to a table first.</source>
        <extracomment>Just after ``finished``: the import was refused or stopped for what a field holds (one of ``REFUSED_FIELDS``: Resume, Raw CSV, or the file, changed since the preview).</extracomment>
        <translation>Hubungkan ke tabel dulu.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>the schema saved for this connection and table</source>
        <translation>skema yang disimpan untuk koneksi dan tabel ini</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the schema chosen in the Locks panel, not saved</source>
        <translation>skema yang dipilih di panel Kunci, belum disimpan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the article&apos;s default layout</source>
        <translation>tata letak bawaan artikel</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Preview</source>
        <translation>Pratinjau</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>{summary} (on {where})</source>
        <translation>{summary} (di {where})</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No batch is confirmed written yet.</source>
        <translation>Belum ada batch yang dipastikan tertulis.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{done} of {total} items are written.</source>
        <translation>{done} dari {total} item sudah tertulis.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{done} items are written.</source>
        <translation>{done} item sudah tertulis.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source> The batches before it were written ({count} items);</source>
        <translation> Batch sebelumnya sudah ditulis ({count} item);</translation>
    </message>
    <message>
        <location line="-2"/>
        <source> The batches before it were written (1 item);</source>
        <translation> Batch sebelumnya sudah ditulis (1 item);</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> No item was written before it;</source>
        <translation> Belum ada item yang ditulis sebelumnya;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>with {resume} ticked, Import continues from the batch that stopped.</source>
        <translation>dengan {resume} dicentang, Impor melanjutkan dari batch yang berhenti.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>fix the file, press Preview, then untick {resume} and press Import: it imports the file again from the start (the items written are written again, the same Puts)</source>
        <translation>perbaiki berkasnya, tekan Pratinjau, lalu hapus centang {resume} dan tekan Impor: berkas diimpor lagi dari awal (item yang sudah ditulis ditulis lagi, dengan Put yang sama)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>fix the file, press Preview, then untick {resume} and press Import: it imports the file from the start</source>
        <translation>perbaiki berkasnya, tekan Pratinjau, lalu hapus centang {resume} dan tekan Impor: berkas diimpor dari awal</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>with {warnings} and {resume} ticked, Import writes it and continues; or {again}.</source>
        <translation>dengan {warnings} dan {resume} dicentang, Impor menulisnya dan melanjutkan; atau {again}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{again}; or change the table so that the batch passes, then, with {resume} ticked, Import continues.</source>
        <translation>{again}; atau ubah tabelnya agar batch itu lolos, lalu, dengan {resume} dicentang, Impor melanjutkan.</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>{message} Nothing more was imported.</source>
        <translation>{message} Tidak ada lagi yang diimpor.</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <location filename="../../builder/dialogs.py" line="-57"/>
        <source>Import TransactWriteItems JSON</source>
        <translation>Impor JSON TransactWriteItems</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Paste {&quot;TransactItems&quot;: [...], &quot;ClientRequestToken&quot;: &quot;...&quot;} or the bare list (DynamoDB JSON, binary as base64), as the AWS CLI and console write it.</source>
        <translation>Tempel {&quot;TransactItems&quot;: [...], &quot;ClientRequestToken&quot;: &quot;...&quot;} atau list-nya saja (DynamoDB JSON, biner sebagai base64), seperti yang ditulis AWS CLI dan konsol.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>TransactWriteItems JSON</source>
        <translation>JSON TransactWriteItems</translation>
    </message>
    <message>
        <location filename="../../transfer/import_dialog.py" line="+79"/>
        <source>Import items into {name}</source>
        <translation>Impor item ke {name}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>File to import</source>
        <translation>Berkas yang diimpor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file (.jsonl, .json, .csv) or an S3 export folder</source>
        <translation>Sebuah berkas (.jsonl, .json, .csv) atau folder ekspor S3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Browse…</source>
        <translation>Telusuri…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Detect from the file</source>
        <translation>Deteksi dari berkas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Preview</source>
        <translation>Pratinjau</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read the whole file and list its problems (Enter in the file field); nothing is written</source>
        <translation>Baca seluruh berkas dan daftar masalahnya (Enter di kolom berkas); tidak ada yang ditulis</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Raw CSV: keep a leading &apos; as data (the file was not written by DynoView&apos;s export)</source>
        <translation>CSV mentah: pertahankan &apos; di awal sebagai data (berkas ini tidak ditulis oleh ekspor DynoView)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Off: a cell such as &apos;=notes is read as =notes (DynoView&apos;s export added the &apos; so a spreadsheet would not run it as a formula). On: the cell is imported as it is.</source>
        <translation>Mati: sel seperti &apos;=notes dibaca sebagai =notes (ekspor DynoView menambahkan &apos; agar spreadsheet tidak menjalankannya sebagai rumus). Nyala: sel diimpor apa adanya.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Speed: BatchWriteItem (not all-or-nothing per batch)</source>
        <translation>Kecepatan: BatchWriteItem (tidak all-or-nothing per batch)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no limit</source>
        <translation>tanpa batas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> items/s</source>
        <translation> item/dtk</translation>
    </message>
    <message>
        <location filename="../../transfer/import_controller.py" line="+14"/>
        <location filename="../../transfer/import_dialog.py" line="+1"/>
        <source>Resume an import of this file that stopped</source>
        <translation>Lanjutkan impor berkas ini yang terhenti</translation>
    </message>
    <message>
        <location line="+19"/>
        <location filename="../../transfer/import_dialog.py" line="+5"/>
        <source>Write batches the preflight warns about (clashes, expired)</source>
        <translation>Tulis batch yang diperingatkan pemeriksaan awal (tabrakan, kedaluwarsa)</translation>
    </message>
    <message>
        <location filename="../../transfer/import_dialog.py" line="+13"/>
        <source>the import</source>
        <translation>impor</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} on {where}</source>
        <translation>{name} di {where}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Into</source>
        <translation>Ke</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>Berkas</translation>
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
        <translation>Laju</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Type {type_to_confirm} to import</source>
        <translation>Ketik {type_to_confirm} untuk mengimpor</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pick a file and press Preview: nothing is written before Import.</source>
        <translation>Pilih berkas lalu tekan Pratinjau: tidak ada yang ditulis sebelum Impor.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Records to import</source>
        <translation>Record yang diimpor</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Problems found in the file</source>
        <translation>Masalah yang ditemukan di berkas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Import</source>
        <translation>Impor</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Import items from</source>
        <translation>Impor item dari</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The Raw CSV box changed, and with it the values read: press Preview before Import.</source>
        <translation>Kotak CSV mentah berubah, dan begitu pula nilai yang dibaca: tekan Pratinjau sebelum Impor.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The file or format changed: press Preview before Import.</source>
        <translation>Berkas atau format berubah: tekan Pratinjau sebelum Impor.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Pick a file first: type its path, or press Browse…</source>
        <translation>Pilih berkas dulu: ketik jalurnya, atau tekan Telusuri…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Reading the whole file…</source>
        <translation>Membaca seluruh berkas…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source> Import stays off until the file has none: fix the lines listed below in the file, then press Preview again.</source>
        <translation> Impor tetap nonaktif sampai berkas tidak punya masalah: perbaiki baris yang tercantum di bawah dalam berkas, lalu tekan Pratinjau lagi.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>line</source>
        <translation>baris</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>… and {value} more</source>
        <translation>… dan {value} lagi</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>An import of this file into {table} stopped after {done} of {total} items (batch {batch}, {when}). Resume is ticked: Import skips the items written and continues from there. Untick it to write every item again.</source>
        <translation>Impor berkas ini ke {table} berhenti setelah {done} dari {total} item (batch {batch}, {when}). Lanjutkan dicentang: Impor melewati item yang sudah tertulis dan melanjutkan dari sana. Hapus centangnya untuk menulis semua item lagi.</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>No problem found.</source>
        <translation>Tidak ada masalah.</translation>
    </message>
    <message>
        <location line="-174"/>
        <source>Skip items already in the table (never replace them)</source>
        <translation>Lewati item yang sudah ada di tabel (jangan pernah menggantinya)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Each Put is guarded by attribute_not_exists on the key: an item whose key the table holds is skipped and counted, never replaced. Not with Speed (BatchWriteItem cannot carry a condition).</source>
        <translation>Setiap Put dijaga dengan attribute_not_exists pada kunci: item yang kuncinya sudah ada di tabel dilewati dan dihitung, tidak pernah diganti. Tidak dengan Kecepatan (BatchWriteItem tidak dapat membawa kondisi).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Keys already in the table</source>
        <translation>Kunci yang sudah ada di tabel</translation>
    </message>
    <message>
        <location line="+198"/>
        <source>The import that stopped read this CSV with Raw CSV ticked (a leading &apos; kept as data); the box is unticked now, so the rest would be written with other values. Tick Raw CSV and press Preview to resume, or untick Resume to write every item again.</source>
        <translation>Impor yang berhenti membaca CSV ini dengan CSV mentah dicentang (&apos; di awal dipertahankan sebagai data); kotaknya sekarang tidak dicentang, jadi sisanya akan ditulis dengan nilai lain. Centang CSV mentah dan tekan Pratinjau untuk melanjutkan, atau hapus centang Lanjutkan untuk menulis semua item lagi.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The import that stopped read this CSV with Raw CSV unticked (a leading &apos; taken off); the box is ticked now, so the rest would be written with other values. Untick Raw CSV and press Preview to resume, or untick Resume to write every item again.</source>
        <translation>Impor yang berhenti membaca CSV ini dengan CSV mentah tidak dicentang (&apos; di awal dibuang); kotaknya sekarang dicentang, jadi sisanya akan ditulis dengan nilai lain. Hapus centang CSV mentah dan tekan Pratinjau untuk melanjutkan, atau hapus centang Lanjutkan untuk menulis semua item lagi.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the table has uniqueness lock rules: each batch is judged by the preflight</source>
        <translation>tabel punya aturan lock keunikan: setiap batch dinilai oleh pemeriksaan awal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the table has no lock rules</source>
        <translation>tabel tidak punya aturan lock</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>None of these keys is in {table} yet (checked by {cost}).</source>
        <translation>Belum ada satu pun kunci ini di {table} (diperiksa dengan {cost}).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; and {count} more</source>
        <translation>; dan {count} lagi</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{count} of these keys already exist in {table}: with {check} ticked, each of those items is skipped, never replaced ({keys}; checked by {cost}).</source>
        <translation>{count} dari kunci ini sudah ada di {table}: dengan {check} dicentang, setiap item itu dilewati, tidak pernah diganti ({keys}; diperiksa dengan {cost}).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{count} of these keys already exist in {table}: a Put replaces each item whole (attributes the file does not have are lost): {keys}. Tick {check} to skip them instead (checked by {cost}).</source>
        <translation>{count} dari kunci ini sudah ada di {table}: Put mengganti setiap item secara utuh (atribut yang tidak ada di file hilang): {keys}. Centang {check} untuk melewatinya (diperiksa dengan {cost}).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The import is running: press Cancel to stop it after the batch being written, then Close.</source>
        <translation>Impor sedang berjalan: tekan Batal untuk menghentikannya setelah batch yang sedang ditulis, lalu Tutup.</translation>
    </message>
    <message>
        <location filename="../../transfer/import_controller.py" line="+12"/>
        <location filename="../../transfer/import_dialog.py" line="-36"/>
        <location line="+1"/>
        <location line="+18"/>
        <location line="+65"/>
        <location line="+5"/>
        <source>“{check}”</source>
        <translation>“{check}”</translation>
    </message>
    <message>
        <location filename="../../transfer/import_dialog.py" line="-3"/>
        <source>“Raw CSV”</source>
        <translation>“CSV mentah”</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the format</source>
        <translation>formatnya</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Importing…</source>
        <translation>Mengimpor…</translation>
    </message>
</context>
<context>
    <name>ItemDetail</name>
    <message>
        <location filename="../../items/detail.py" line="+66"/>
        <location line="+43"/>
        <source>Select an item to see it in full.</source>
        <translation>Pilih item untuk melihatnya lengkap.</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Attribute</source>
        <translation>Atribut</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>Tipe</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Nilai</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Attributes</source>
        <translation>Atribut</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item attributes</source>
        <translation>Atribut item</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Item as DynamoDB JSON</source>
        <translation>Item sebagai DynamoDB JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item as plain JSON</source>
        <translation>Item sebagai JSON biasa</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>DynamoDB JSON</source>
        <translation>DynamoDB JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Plain JSON</source>
        <translation>JSON biasa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy as JSON</source>
        <translation>Salin sebagai JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the shown tab (Ctrl+Shift+C)</source>
        <translation>Salin tab yang ditampilkan (Ctrl+Shift+C)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>TTL: {details}</source>
        <translation>TTL: {details}</translation>
    </message>
</context>
<context>
    <name>ItemEditDialog</name>
    <message>
        <location filename="../../items/edit_dialog.py" line="+146"/>
        <source>Edit item</source>
        <translation>Edit item</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Edit the item as DynamoDB JSON. Saving opens the transaction builder with an Update of only the attributes you changed, each guarded on the value you saw, so other attributes stay as they are and nothing is written until you have checked the request.</source>
        <translation>Edit item sebagai DynamoDB JSON. Menyimpan membuka pembangun transaksi dengan Update hanya pada atribut yang Anda ubah, masing-masing dijaga pada nilai yang Anda lihat, jadi atribut lain tetap seperti adanya dan tidak ada yang ditulis sampai Anda memeriksa permintaannya.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Item as DynamoDB JSON</source>
        <translation>Item sebagai DynamoDB JSON</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Open in builder</source>
        <translation>Buka di pembangun transaksi</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>This is your unsent edit of this item, kept when DynoView closed at {when}. It is compared with the item as it is now when you open it in the builder.</source>
        <translation>Ini suntingan Anda yang belum dikirim untuk item ini, disimpan saat DynoView ditutup pada {when}. Suntingan ini dibandingkan dengan item seperti sekarang saat Anda membukanya di pembuat transaksi.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The item has changed in the table since ({names}): check that your edit does not undo that change.</source>
        <translation>Item telah berubah di tabel sejak itu ({names}): periksa bahwa suntingan Anda tidak membatalkan perubahan tersebut.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its attributes</source>
        <translation>atributnya</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard it and start from the item as it is now</source>
        <translation>Buang dan mulai dari item seperti sekarang</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{names}: protected values (each has a lock); changing one moves its lock too.</source>
        <translation>{names}: nilai yang dilindungi (masing-masing punya lock); mengubahnya ikut memindahkan lock-nya.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Protected: {moved}. The builder moves the lock with the value (new lock guarded by attribute_not_exists, old lock released) in the same transaction.</source>
        <translation>Dilindungi: {moved}. Penyusun memindahkan kunci bersama nilainya (kunci baru dijaga attribute_not_exists, kunci lama dilepas) dalam transaksi yang sama.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Not opened at {attribute}: {error}</source>
        <translation>Tidak dibuka di {attribute}: {error}</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+17"/>
        <location line="+22"/>
        <source>Not opened: {message}</source>
        <translation>Tidak dibuka: {message}</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Not opened at {attribute} (line {line}, column {column}): {message}</source>
        <translation>Tidak dibuka di {attribute} (baris {line}, kolom {column}): {message}</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Not opened{where}: {message}</source>
        <translation>Tidak dibuka{where}: {message}</translation>
    </message>
</context>
<context>
    <name>ItemSelection</name>
    <message>
        <location filename="../../items/selection.py" line="+120"/>
        <source>Reading {key_text}…</source>
        <translation>Membaca {key_text}…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No item with {key_text}: it does not exist (or was deleted).</source>
        <translation>Tidak ada item dengan {key_text}: item tidak ada (atau sudah dihapus).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{key_text} — read by key (GetItem): not on the current page</source>
        <translation>{key_text} — dibaca lewat key (GetItem): tidak ada di halaman ini</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>{key_text} was deleted by the transaction.</source>
        <translation>{key_text} dihapus oleh transaksi.</translation>
    </message>
</context>
<context>
    <name>ItemsColumns</name>
    <message>
        <location filename="../../items/columns.py" line="+45"/>
        <source>Click to sort the loaded items, drag to move a column, right-click to choose columns</source>
        <translation>Klik untuk mengurutkan item yang dimuat, seret untuk memindah kolom, klik kanan untuk memilih kolom</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>Columns</source>
        <translation>Kolom</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Sort by {name}, ascending</source>
        <translation>Urutkan menurut {name}, naik</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sort by {name}, descending</source>
        <translation>Urutkan menurut {name}, turun</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Order as read (no sort)</source>
        <translation>Urutan sesuai pembacaan (tanpa urut)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset columns (order, shown, sort)</source>
        <translation>Atur ulang kolom (urutan, tampilan, pengurutan)</translation>
    </message>
</context>
<context>
    <name>ItemsModel</name>
    <message>
        <location filename="../../items/model.py" line="+171"/>
        <source>not in this index</source>
        <translation>tidak ada di indeks ini</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The index {index} does not hold the TTL attribute {attribute}: read the table to see when items expire.</source>
        <translation>Indeks {index} tidak memuat atribut TTL {attribute}: baca tabelnya untuk melihat kapan item kedaluwarsa.</translation>
    </message>
    <message>
        <location line="+184"/>
        <source>TTL status</source>
        <translation>Status TTL</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>{name}: key attribute</source>
        <translation>{name}: atribut key</translation>
    </message>
</context>
<context>
    <name>ItemsPanel</name>
    <message>
        <location filename="../../items/panel.py" line="+130"/>
        <source>Edit…</source>
        <extracomment>Edit in place is made this long after the first page of rows (their repaint goes first).</extracomment>
        <translation>Edit…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit as JSON…: the whole item as DynamoDB JSON; the change opens in the transaction builder (F2 edits one cell in place)</source>
        <translation>Edit sebagai JSON…: seluruh item sebagai DynamoDB JSON; perubahan dibuka di pembangun transaksi (F2 mengedit satu sel di tempat)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete…</source>
        <translation>Hapus…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the item through a guarded transaction (Delete)</source>
        <translation>Hapus item lewat transaksi yang dijaga (Delete)</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Pick a table on the left.</source>
        <translation>Pilih tabel di sebelah kiri.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Reading…</source>
        <translation>Membaca…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{progress} (cancelled)</source>
        <translation>{progress} (dibatalkan)</translation>
    </message>
    <message numerus="yes">
        <location line="+63"/>
        <source>Copied %Ln item(s) as {format}.</source>
        <translation>
            <numerusform>%Ln item disalin sebagai {format}.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Copy {count} items as</source>
        <translation>Salin {count} item sebagai</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Copy as</source>
        <translation>Salin sebagai</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reads of this table… (Ctrl+H)</source>
        <translation>Pembacaan tabel ini… (Ctrl+H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy query as code…</source>
        <translation>Salin query sebagai kode…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open {name} in a new Items tab (another index or read)</source>
        <translation>Buka {name} di tab Item baru (indeks atau pembacaan lain)</translation>
    </message>
    <message numerus="yes">
        <location line="+78"/>
        <source>Select one item to edit as JSON: it edits one item at a time, and %n are selected.</source>
        <translation>
            <numerusform>Pilih satu item untuk diedit sebagai JSON: pengeditan ini hanya untuk satu item sekaligus, dan %n dipilih.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The edit was not opened in the builder: the item was read on {then}. {window}</source>
        <translation>Suntingan tidak dibuka di pembangun transaksi: item dibaca di {then}. {window}</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>Select one item to delete: Delete… deletes one item at a time, and %n are selected. Nothing was deleted.</source>
        <translation>
            <numerusform>Pilih satu item untuk dihapus: Hapus… menghapus satu item sekaligus, dan %n dipilih. Tidak ada yang dihapus.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KEPT</name>
    <message>
        <location filename="../../session/reconnect.py" line="+47"/>
        <source>table {name}</source>
        <translation>tabel {name}</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln more Items tab(s)</source>
        <translation>
            <numerusform>%Ln tab Item lagi</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing</source>
        <translation>tidak ada</translation>
    </message>
</context>
<context>
    <name>KeptNote</name>
    <message>
        <location filename="../../kept_text.py" line="+61"/>
        <location line="+2"/>
        <source>Discard the kept edit</source>
        <translation>Buang suntingan yang disimpan</translation>
    </message>
</context>
<context>
    <name>KeptTextsBar</name>
    <message numerus="yes">
        <location filename="../../window/unsent_work.py" line="+117"/>
        <source>Your last session kept %n unsent edit(s) typed in a dialog.</source>
        <translation>
            <numerusform>Sesi terakhir Anda menyimpan %n suntingan yang belum dikirim, diketik di sebuah dialog.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>; and %n more</source>
        <translation>
            <numerusform>; dan %n lainnya</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{named}. Open the same dialog on that item (Edit as JSON…), cell (its value editor, F2) or table (the uniqueness schema) to carry on with it or discard it.</source>
        <translation>{named}. Buka dialog yang sama pada item itu (Edit sebagai JSON…), sel itu (editor nilainya, F2) atau tabel itu (skema keunikan) untuk melanjutkannya atau membuangnya.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An unsent edit your last session kept could not be read.</source>
        <translation>Suntingan yang belum dikirim yang disimpan sesi terakhir Anda tidak dapat dibaca.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Later</source>
        <translation>Nanti</translation>
    </message>
</context>
<context>
    <name>LIVE_COUNTS</name>
    <message numerus="yes">
        <location filename="../../locks/live_bar.py" line="+46"/>
        <source>Live · %Ln new since {since}</source>
        <translation>
            <numerusform>Langsung · %Ln baru sejak {since}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln resolved</source>
        <translation>
            <numerusform>%Ln terselesaikan</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln changed</source>
        <translation>
            <numerusform>%Ln berubah</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln record(s) read</source>
        <translation>
            <numerusform>%Ln record dibaca</numerusform>
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
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln segment(s)</source>
        <translation>
            <numerusform>%Ln segmen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LanguageChooser</name>
    <message>
        <location filename="../language_dialog.py" line="+23"/>
        <source>Language</source>
        <translation>Bahasa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System ({language})</source>
        <translation>Sistem ({language})</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The language applies at the next start of DynoView.</source>
        <translation>Bahasa berlaku saat DynoView dijalankan berikutnya.</translation>
    </message>
</context>
<context>
    <name>LiveBar</name>
    <message>
        <location filename="../../locks/live_bar.py" line="+45"/>
        <source>Stream records…</source>
        <translation>Record stream…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The stream records that changed the selected row</source>
        <translation>Record stream yang mengubah baris terpilih</translation>
    </message>
</context>
<context>
    <name>LiveCounts</name>
    <message>
        <location line="-56"/>
        <source>Live · starting at {since}: finding the stream and its first records…</source>
        <extracomment>Notices on screen (the newest, on one line); all of them in the tooltip.</extracomment>
        <translation>Langsung · mulai {since}: mencari stream dan record pertamanya…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>up to date</source>
        <translation>terkini</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>catching up</source>
        <translation>menyusul</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>streams of {accounts} and its locks table {locks}</source>
        <translation>stream {accounts} dan tabel lock-nya {locks}</translation>
    </message>
</context>
<context>
    <name>LiveMode</name>
    <message>
        <location filename="../../locks/live_mode.py" line="+237"/>
        <source>The table&apos;s stream ended.</source>
        <translation>Stream tabel telah berakhir.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live mode stopped: {why}</source>
        <translation>Mode langsung berhenti: {why}</translation>
    </message>
    <message>
        <location line="+133"/>
        <source>Stream records…</source>
        <translation>Record stream…</translation>
    </message>
</context>
<context>
    <name>LocalTablesController</name>
    <message>
        <location filename="../../tables/controller.py" line="+56"/>
        <source>Connect to a local endpoint to {action}.</source>
        <extracomment>The table&apos;s name and a sentence: created and ACTIVE, but TTL could not be turned on.</extracomment>
        <translation>Sambungkan ke endpoint lokal untuk {action}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>create a table</source>
        <translation>membuat tabel</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>turn TTL on</source>
        <translation>mengaktifkan TTL</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>delete a table</source>
        <translation>menghapus tabel</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Created {table}, but whether TTL on {attribute} was turned on is not known: {reason} Press Turn TTL on: it checks first, and sends that step only if TTL is off. Or run: {command}</source>
        <translation>{table} telah dibuat, tetapi tidak diketahui apakah TTL pada {attribute} telah diaktifkan: {reason} Tekan Aktifkan TTL: ia memeriksa dulu, dan mengirim langkah itu hanya jika TTL nonaktif. Atau jalankan: {command}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Created {table}, but TTL on {attribute} was not turned on: {reason} The table is there without TTL: press Turn TTL on to try that step again, or run: {command}</source>
        <translation>{table} sudah dibuat, tetapi TTL pada {attribute} tidak diaktifkan: {reason} Tabel itu ada tanpa TTL: tekan Aktifkan TTL untuk mencoba langkah itu lagi, atau jalankan: {command}</translation>
    </message>
</context>
<context>
    <name>LocksPanel</name>
    <message>
        <location filename="../../locks/panel.py" line="+139"/>
        <source>Cancelled: the rows keep the order they had.</source>
        <translation>Dibatalkan: baris tetap dalam urutan semula.</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Open a table to pair its accounts with their locks.</source>
        <translation>Buka tabel untuk memasangkan akun dengan lock-nya.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The schema changed: run the full audit again.</source>
        <translation>Skema berubah: jalankan audit penuh lagi.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Starting…</source>
        <translation>Memulai…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The audit was cancelled; run it again for a complete view.</source>
        <translation>Audit dibatalkan; jalankan lagi untuk tampilan lengkap.</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n problem row(s) so far: duplicates, case clashes and expired items show as they are read; orphan and missing locks once every segment is read.</source>
        <translation>
            <numerusform>%n baris bermasalah sejauh ini: duplikat, tabrakan huruf besar/kecil, dan item kedaluwarsa tampil saat dibaca; lock yatim dan lock yang hilang setelah semua segmen dibaca.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The filter and search apply once the audit is complete.</source>
        <translation>Filter dan pencarian berlaku setelah audit selesai.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../main_window.py" line="+160"/>
        <source>Tables</source>
        <extracomment>The update check (dynoview/ui/updates), started after the first paint by app.py. True once a signal closes the window: nobody is asked about unsent work (it is kept). The last error box shown (tests read it; it deletes itself when closed).</extracomment>
        <translation>Tabel</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Read log</source>
        <translation>Log baca</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>Starting the demo backend…</source>
        <translation>Memulai backend demo…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connecting to {describe}…</source>
        <translation>Menghubungkan ke {describe}…</translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>Connected: %Ln table(s).{note}</source>
        <translation>
            <numerusform>Terhubung: %Ln tabel.{note}</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Table {wanted} does not exist on this connection. Did you mean {meant}?</source>
        <translation>Tabel {wanted} tidak ada di koneksi ini. Maksud Anda {meant}?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Table not found</source>
        <translation>Tabel tidak ditemukan</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Table {wanted} does not exist on this connection.</source>
        <translation>Tabel {wanted} tidak ada di koneksi ini.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Not connected</source>
        <translation>Tidak terhubung</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Opening {name}…</source>
        <translation>Membuka {name}…</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Opening {name} in a new Items tab…</source>
        <translation>Membuka {name} di tab Item baru…</translation>
    </message>
    <message>
        <location filename="../../window/error_box.py" line="+57"/>
        <source>Settings were reset: the settings file was damaged.</source>
        <translation>Pengaturan diatur ulang: berkas pengaturan rusak.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Settings reset</source>
        <translation>Pengaturan diatur ulang</translation>
    </message>
</context>
<context>
    <name>MfaDialog</name>
    <message>
        <location filename="../../session/mfa_dialog.py" line="+29"/>
        <source>MFA code needed</source>
        <translation>Kode MFA diperlukan</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Profile &lt;b&gt;{escape}&lt;/b&gt; assumes a role that needs a code from your MFA device. Type the six digits it shows now.</source>
        <translation>Profil &lt;b&gt;{escape}&lt;/b&gt; memakai role yang memerlukan kode dari perangkat MFA Anda. Ketik enam digit yang tampil sekarang.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>6 digits</source>
        <translation>6 digit</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Device</source>
        <translation>Perangkat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Code</source>
        <translation>Kode</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The code is sent to AWS STS once and never saved. The role&apos;s session is kept (as the AWS CLI keeps it) until it expires.</source>
        <translation>Kode dikirim ke AWS STS sekali dan tidak pernah disimpan. Sesi role disimpan (seperti AWS CLI menyimpannya) sampai kedaluwarsa.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sign in</source>
        <translation>Masuk</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>1 try left</source>
        <translation>sisa 1 percobaan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} tries left</source>
        <translation>sisa {count} percobaan</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>AWS STS refused that code: it is not the one the device shows now, or it was used already. Type the code it shows now ({tries}).</source>
        <translation>AWS STS menolak kode itu: bukan kode yang ditampilkan perangkat sekarang, atau sudah pernah dipakai. Ketik kode yang ditampilkan sekarang ({tries}).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>That code was refused already, so it was not sent again. Wait for your device to show the next one ({tries}).</source>
        <translation>Kode itu sudah ditolak, jadi tidak dikirim lagi. Tunggu perangkat Anda menampilkan kode berikutnya ({tries}).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>An MFA code is six digits. Type the code your device shows now ({tries}).</source>
        <translation>Kode MFA terdiri dari enam digit. Ketik kode yang ditampilkan perangkat Anda sekarang ({tries}).</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>An MFA code is six digits ({count} of 6 typed). Nothing was sent.</source>
        <translation>Kode MFA terdiri dari enam digit ({count} dari 6 diketik). Tidak ada yang dikirim.</translation>
    </message>
</context>
<context>
    <name>OpenDraftDialog</name>
    <message>
        <location filename="../../builder/drafts_dialog.py" line="-90"/>
        <source>Open draft</source>
        <translation>Buka draf</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Name</source>
        <translation>Nama</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Made for</source>
        <comment>a draft&apos;s connection and table</comment>
        <translation>Dibuat untuk</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved</source>
        <translation>Disimpan</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Actions</source>
        <translation>Aksi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved drafts</source>
        <translation>Draf tersimpan</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+89"/>
        <source>Delete</source>
        <translation>Hapus</translation>
    </message>
    <message>
        <location line="-58"/>
        <source>No drafts saved yet: Drafts → Save draft as… keeps the builder&apos;s work under a name.</source>
        <translation>Belum ada draf tersimpan: Draf → Simpan draf sebagai… menyimpan pekerjaan pembangun transaksi dengan sebuah nama.</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln draft(s) saved.</source>
        <translation>
            <numerusform>%Ln draf tersimpan.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+38"/>
        <source>the table {table} on the connection {connection}</source>
        <translation>tabel {table} di koneksi {connection}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the table {table}</source>
        <translation>tabel {table}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the connection {connection}</source>
        <translation>koneksi {connection}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It holds {actions} for {where}, saved {when}.</source>
        <translation>Berisi {actions} untuk {where}, disimpan {when}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It holds {actions}, saved {when}.</source>
        <translation>Berisi {actions}, disimpan {when}.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Delete draft?</source>
        <translation>Hapus draf?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the draft “{name}”?</source>
        <translation>Hapus draf “{name}”?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deleting it cannot be undone.</source>
        <translation>Penghapusan tidak dapat dibatalkan.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The draft “{name}” could not be deleted: {value}.</source>
        <translation>Draf “{name}” tidak dapat dihapus: {value}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Deleted the draft “{name}”.</source>
        <translation>Draf “{name}” dihapus.</translation>
    </message>
</context>
<context>
    <name>OpenedOn</name>
    <message>
        <location filename="../../transfer/opened_on.py" line="+55"/>
        <source>no connection</source>
        <extracomment>The window&apos;s connection changed away from this one (emitted once, on the first change).</extracomment>
        <translation>tanpa koneksi</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The window is no longer connected. This dialog was opened on {then}: nothing more is sent from it. Close it, connect, and open it again.</source>
        <translation>Jendela tidak lagi terhubung. Dialog ini dibuka pada {then}: tidak ada lagi yang dikirim darinya. Tutup, hubungkan, lalu buka lagi.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The window is now connected to {now}. This dialog was opened on {then}: close it and open it again to work on {name}.</source>
        <translation>Jendela kini terhubung ke {now}. Dialog ini dibuka pada {then}: tutup lalu buka lagi untuk bekerja di {name}.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The window is now on {now}.</source>
        <translation>Jendela kini di {now}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The window is no longer connected.</source>
        <translation>Jendela tidak lagi terhubung.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{window} This run goes on on {then}, where it started (Cancel stops it after the step in progress).</source>
        <translation>{window} Proses ini berlanjut di {then}, tempat ia dimulai (Batal menghentikannya setelah langkah yang sedang berjalan).</translation>
    </message>
</context>
<context>
    <name>OrderingBar</name>
    <message>
        <location filename="../../locks/layout.py" line="-78"/>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
</context>
<context>
    <name>OverrideDialog</name>
    <message>
        <location filename="../../builder/preflight_view.py" line="+172"/>
        <source>The preflight refused this transaction</source>
        <translation>Pemeriksaan awal menolak transaksi ini</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The preflight warns about this transaction</source>
        <translation>Pemeriksaan awal memperingatkan transaksi ini</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>break the lock on purpose</source>
        <translation>sengaja merusak lock</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>accept the warning(s)</source>
        <translation>
            <numerusform>menerima peringatan</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To send it anyway and {why}, type {table}:</source>
        <translation>Untuk tetap mengirim dan {why}, ketik {table}:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Send anyway</source>
        <translation>Tetap kirim</translation>
    </message>
</context>
<context>
    <name>ParameterTable</name>
    <message>
        <location filename="../../partiql/panel.py" line="+67"/>
        <source>Statement parameters</source>
        <translation>Parameter statement</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type</source>
        <translation>Tipe</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Nilai</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The values of the statement&apos;s ? placeholders, in order. Type a value as the item editor takes it, or pick DynamoDB JSON and type a typed value such as {&quot;S&quot;: &quot;ada@lovelace.io&quot;}.</source>
        <translation>Nilai untuk placeholder ? pada statement, berurutan. Ketik nilai seperti di editor item, atau pilih DynamoDB JSON dan ketik nilai bertipe seperti {&quot;S&quot;: &quot;ada@lovelace.io&quot;}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add</source>
        <translation>Tambah</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Hapus</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Parameter type</source>
        <translation>Tipe parameter</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>{wanted} ? in the statement</source>
        <translation>{wanted} ? di statement</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>, %Ln value(s)</source>
        <translation>
            <numerusform>, %Ln nilai</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PartiqlController</name>
    <message>
        <location filename="../../partiql/controller.py" line="+124"/>
        <source>Connect first: File → Connect… (Ctrl+O).</source>
        <translation>Hubungkan dulu: Berkas → Hubungkan… (Ctrl+O).</translation>
    </message>
    <message numerus="yes">
        <location line="+115"/>
        <source>%Ln item(s)</source>
        <translation>
            <numerusform>%Ln item</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%Ln request(s)</source>
        <translation>
            <numerusform>%Ln permintaan</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{hidden_count} expired hidden</source>
        <translation>{hidden_count} kedaluwarsa disembunyikan</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>more available (Load more, Ctrl+L)</source>
        <translation>masih ada lagi (Muat lagi, Ctrl+L)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>end of the result</source>
        <translation>akhir hasil</translation>
    </message>
</context>
<context>
    <name>PartiqlPanel</name>
    <message>
        <location filename="../../partiql/panel.py" line="+58"/>
        <source>the PartiQL result</source>
        <translation>hasil PartiQL</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+187"/>
        <source>Type a SELECT and press Ctrl+Enter.</source>
        <translation>Ketik SELECT lalu tekan Ctrl+Enter.</translation>
    </message>
    <message>
        <location line="-172"/>
        <source>Run</source>
        <translation>Jalankan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the statement (Ctrl+Enter or F5). Only SELECT runs here; writes go through the transaction builder.</source>
        <translation>Jalankan statement (Ctrl+Enter atau F5). Hanya SELECT yang berjalan di sini; penulisan lewat pembangun transaksi.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the statement in progress (Esc)</source>
        <translation>Hentikan statement yang berjalan (Esc)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Strongly consistent</source>
        <translation>Sangat konsisten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Strong reads see every acknowledged write and cost twice as much; global secondary indexes only serve eventual reads.</source>
        <translation>Pembacaan kuat melihat setiap penulisan yang sudah dikonfirmasi dan biayanya dua kali lipat; global secondary index hanya melayani pembacaan konsisten akhir.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Page </source>
        <translation>Halaman </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Page size</source>
        <translation>Ukuran halaman</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items DynamoDB evaluates per request (Limit), before the WHERE filter: a page keeps reading until it has this many items</source>
        <translation>Item yang dievaluasi DynamoDB per permintaan (Limit), sebelum filter WHERE: satu halaman terus membaca sampai punya item sebanyak ini</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load more</source>
        <translation>Muat lagi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the next page with NextToken (Ctrl+L)</source>
        <translation>Baca halaman berikutnya dengan NextToken (Ctrl+L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Statement history</source>
        <translation>Riwayat statement</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The last 50 statements run on this connection: pick one to load it, then run it again</source>
        <translation>50 statement terakhir yang dijalankan di koneksi ini: pilih satu untuk memuatnya, lalu jalankan lagi</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>? values</source>
        <translation>Nilai ?</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>Running…</source>
        <translation>Menjalankan…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>, reading more…</source>
        <translation>, membaca lagi…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The last request: {summary} (every request is in the read log)</source>
        <translation>Permintaan terakhir: {summary} (semua permintaan ada di log baca)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Not run.</source>
        <translation>Belum dijalankan.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Your unsent statement on this connection is back; Ctrl+Z brings back what you had typed.</source>
        <translation>Pernyataan Anda yang belum dikirim pada koneksi ini kembali; Ctrl+Z mengembalikan apa yang tadi Anda ketik.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The statement you typed with no connection is back: connect, then Ctrl+Enter runs it.</source>
        <translation>Pernyataan yang Anda ketik tanpa koneksi kembali: sambungkan, lalu Ctrl+Enter menjalankannya.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The statement you typed with no connection is kept for this connection now: Ctrl+Enter runs it.</source>
        <translation>Pernyataan yang Anda ketik tanpa koneksi kini disimpan untuk koneksi ini: Ctrl+Enter menjalankannya.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Your unsent statement on this connection is back: Ctrl+Enter runs it.</source>
        <translation>Pernyataan Anda yang belum dikirim di koneksi ini kembali: Ctrl+Enter menjalankannya.</translation>
    </message>
    <message>
        <location line="+33"/>
        <source> (first of {rows_count} selected)</source>
        <translation> (pertama dari {rows_count} terpilih)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>History ({history_count})</source>
        <translation>Riwayat ({history_count})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>History (empty)</source>
        <translation>Riwayat (kosong)</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%Ln value(s)</source>
        <translation>
            <numerusform>%Ln nilai</numerusform>
        </translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Loaded from the history{values}: Ctrl+Enter runs it again, Ctrl+Z undoes the pick.</source>
        <translation>Dimuat dari riwayat{values}: Ctrl+Enter menjalankannya lagi, Ctrl+Z membatalkan pilihan ini.</translation>
    </message>
</context>
<context>
    <name>PreflightView</name>
    <message>
        <location filename="../../builder/preflight_view.py" line="-126"/>
        <source>After this transaction (preflight)</source>
        <translation>Setelah transaksi ini (pemeriksaan awal)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Accounts and locks after this transaction</source>
        <translation>Akun dan lock setelah transaksi ini</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Load the right transaction</source>
        <translation>Muat transaksi yang benar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Replace this transaction with the template the preflight proposes</source>
        <translation>Ganti transaksi ini dengan templat yang diusulkan pemeriksaan awal</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add guards</source>
        <translation>Tambah penjaga</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Preflight: reading the accounts and locks this transaction touches…</source>
        <translation>Pemeriksaan awal: membaca akun dan lock yang disentuh transaksi ini…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source> Sending it needs the same explicit confirmation as an override.</source>
        <translation> Mengirimnya memerlukan konfirmasi eksplisit yang sama seperti override.</translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>Add %Ln guard(s)</source>
        <translation>
            <numerusform>Tambah %Ln penjaga</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add these conditions so the transaction itself refuses a stale write:
</source>
        <translation>Tambahkan kondisi ini agar transaksi sendiri menolak penulisan yang usang:
</translation>
    </message>
</context>
<context>
    <name>PreviewView</name>
    <message>
        <location filename="../../builder/request_view.py" line="+26"/>
        <source>Exact request body</source>
        <translation>Isi permintaan persis</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to send yet: add an action (Add action), start from a template (Templates) or import a request (Import JSON).</source>
        <translation>Belum ada yang dikirim: tambah aksi (Tambah aksi), mulai dari templat (Templat), atau impor permintaan (Impor JSON).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Formatted (for reading; the exact bytes are the unformatted view)</source>
        <translation>Terformat (untuk dibaca; byte persisnya ada di tampilan tanpa format)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy exact request</source>
        <translation>Salin permintaan persis</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exact request body (what is sent)</source>
        <translation>Isi permintaan persis (yang dikirim)</translation>
    </message>
</context>
<context>
    <name>ProblemsView</name>
    <message>
        <location filename="../../builder/problems_view.py" line="+26"/>
        <source>Problems</source>
        <translation>Masalah</translation>
    </message>
</context>
<context>
    <name>ProductionPatterns</name>
    <message>
        <location filename="../../session/settings_dialog.py" line="+39"/>
        <source>A connection whose profile name matches one of these patterns opens as production: read-only, and writing asks for the account id. * matches any text, ? one character, [abc] one of a set.</source>
        <translation>Koneksi yang nama profilnya cocok dengan salah satu pola ini dibuka sebagai produksi: hanya-baca, dan penulisan meminta ID akun. * cocok dengan teks apa pun, ? satu karakter, [abc] salah satu dari himpunan.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Production profile patterns</source>
        <translation>Pola profil produksi</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>New production profile pattern</source>
        <translation>Pola profil produksi baru</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. *-prod</source>
        <translation>mis. *-prod</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add</source>
        <translation>Tambah</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>Hapus</translation>
    </message>
</context>
<context>
    <name>ProgressRow</name>
    <message>
        <location filename="../../transfer/progress_row.py" line="+32"/>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
</context>
<context>
    <name>QuitGuard</name>
    <message>
        <location filename="../../transfer/quit_guard.py" line="+145"/>
        <source>Stop and quit ends the import after the current batch. What was written stays, and Resume in Import… (or --resume) continues from where it stopped.</source>
        <extracomment>Set to True on the window when it closes without a person to answer (SIGTERM, logout).</extracomment>
        <translation>Hentikan dan keluar mengakhiri impor setelah batch saat ini. Yang sudah ditulis tetap ada, dan Lanjutkan di Impor… (atau --resume) melanjutkan dari tempat berhentinya.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stop and quit ends the export and removes its partial file, so no incomplete export is left looking complete.</source>
        <translation>Hentikan dan keluar mengakhiri ekspor dan menghapus berkas parsialnya, sehingga tidak ada ekspor tak lengkap yang tertinggal seolah lengkap.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>An import and an export are running.</source>
        <translation>Sebuah impor dan sebuah ekspor sedang berjalan.</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>An import is running.</source>
        <translation>Sebuah impor sedang berjalan.</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Stop and quit ends Repair all after the finding in progress: what it sent is in the action log with its outcome, and Continue or a new audit picks up the rest.</source>
        <translation>Hentikan dan keluar mengakhiri Perbaiki semua setelah temuan yang sedang diproses: yang sudah dikirim tercatat di log tindakan beserta hasilnya, dan Lanjutkan atau audit baru menangani sisanya.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Wait for the answer and quit</source>
        <translation>Tunggu jawaban lalu keluar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep working</source>
        <translation>Lanjut bekerja</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A transaction that was sent cannot be stopped safely. {quit} waits for its answer and records its outcome in the action log before closing; {keep} shows the outcome in the builder.</source>
        <translation>Transaksi yang sudah dikirim tidak dapat dihentikan dengan aman. {quit} menunggu jawabannya dan mencatat hasilnya di log tindakan sebelum menutup; {keep} menampilkan hasilnya di pembuat transaksi.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An export is running.</source>
        <translation>Sebuah ekspor sedang berjalan.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repair all is running.</source>
        <translation>Perbaiki semua sedang berjalan.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A transaction is being sent to {table}: its answer is awaited.</source>
        <translation>Sebuah transaksi sedang dikirim ke {table}: jawabannya sedang ditunggu.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Several tasks are running.</source>
        <translation>Beberapa tugas sedang berjalan.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+46"/>
        <source>Quit DynoView</source>
        <translation>Keluar dari DynoView</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Quit now</source>
        <translation>Keluar sekarang</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{waiting}

Quit now closes without the answer: if it is not recorded, the transaction&apos;s outcome will be settled by the next execution on this connection, from the action log.</source>
        <translation>{waiting}

Keluar sekarang menutup tanpa jawaban: jika belum tercatat, hasil transaksi akan dipastikan oleh eksekusi berikutnya pada koneksi ini, dari log tindakan.</translation>
    </message>
    <message>
        <location line="-110"/>
        <source>Stop and quit</source>
        <translation>Hentikan dan keluar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep running</source>
        <translation>Tetap berjalan</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Stop, don&apos;t quit</source>
        <translation>Hentikan, jangan keluar</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Stopping Repair all after the finding in progress…</source>
        <translation>Menghentikan Perbaiki semua setelah temuan yang sedang diproses…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Waiting for DynamoDB&apos;s answer to the transaction sent to {table}…</source>
        <translation>Menunggu jawaban DynamoDB untuk transaksi yang dikirim ke {table}…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stopping the import and the export before quitting…</source>
        <translation>Menghentikan impor dan ekspor sebelum keluar…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopping the running tasks before quitting…</source>
        <translation>Menghentikan tugas yang berjalan sebelum keluar…</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Stopping the import after the current batch…</source>
        <translation>Menghentikan impor setelah batch saat ini…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopping the export…</source>
        <translation>Menghentikan ekspor…</translation>
    </message>
</context>
<context>
    <name>ReadCodeDialog</name>
    <message>
        <location filename="../../codegen/read_code_dialog.py" line="+52"/>
        <source>{operation} as code</source>
        <translation>{operation} sebagai kode</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Language:</source>
        <translation>&amp;Bahasa:</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Copy the code shown to the clipboard</source>
        <translation>Salin kode yang ditampilkan ke clipboard</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the code shown to a file</source>
        <translation>Simpan kode yang ditampilkan ke berkas</translation>
    </message>
</context>
<context>
    <name>ReadForm</name>
    <message>
        <location filename="../../items/read_form.py" line="+57"/>
        <source>Read</source>
        <translation>Baca</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Scan reads every item; Query reads one partition key (cheaper)</source>
        <translation>Scan membaca semua item; Query membaca satu partition key (lebih murah)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read the table or one of its indexes</source>
        <translation>Baca tabel atau salah satu indeksnya</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Strongly consistent</source>
        <translation>Sangat konsisten</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Page </source>
        <translation>Halaman </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hide expired</source>
        <translation>Sembunyikan kedaluwarsa</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>Hide items whose TTL has passed but that DynamoDB has not deleted yet (they are still in the table)</source>
        <translation>Sembunyikan item yang TTL-nya lewat tetapi belum dihapus DynamoDB (masih ada di tabel)</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Run</source>
        <translation>Jalankan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the read (Ctrl+R or F5)</source>
        <translation>Jalankan pembacaan (Ctrl+R atau F5)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the read in progress (Esc)</source>
        <translation>Hentikan pembacaan yang berjalan (Esc)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Table or index</source>
        <translation>Tabel atau indeks</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Page size</source>
        <translation>Ukuran halaman</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Items per page read</source>
        <translation>Item per halaman baca</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>on</source>
        <comment>Scan or Query on a table or an index</comment>
        <translation>pada</translation>
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
        <translation>nilai partition key</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>sort key value</source>
        <translation>nilai sort key</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+34"/>
        <source>upper bound</source>
        <translation>batas atas</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>Sort key value</source>
        <translation>Nilai sort key</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sort key upper bound</source>
        <translation>Batas atas sort key</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>attribute (optional)</source>
        <translation>atribut (opsional)</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+133"/>
        <source>value</source>
        <translation>nilai</translation>
    </message>
    <message>
        <location line="-128"/>
        <source>Filter attribute</source>
        <translation>Atribut filter</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Optional: only items whose attribute matches</source>
        <translation>Opsional: hanya item yang atributnya cocok</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter operator</source>
        <translation>Operator filter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter value type</source>
        <translation>Tipe nilai filter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter value</source>
        <translation>Nilai filter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter upper bound</source>
        <translation>Batas atas filter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter</source>
        <translation>Filter</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>The attribute name {name} begins or ends with blank space, and no item read so far has it: the filter uses it exactly as typed.</source>
        <translation>Nama atribut {name} diawali atau diakhiri spasi, dan belum ada item terbaca yang memilikinya: filter memakainya persis seperti yang diketik.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{trimmed} is another attribute.</source>
        <translation>{trimmed} adalah atribut lain.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>[&quot;a&quot;, &quot;b&quot;]</source>
        <translation>[&quot;a&quot;, &quot;b&quot;]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A JSON list of up to {count} values of the chosen type</source>
        <translation>Daftar JSON berisi paling banyak {count} nilai dari jenis yang dipilih</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no sort key</source>
        <translation>tanpa sort key</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{name} is a global secondary index: GSIs only serve eventually consistent reads.</source>
        <translation>{name} adalah global secondary index: GSI hanya melayani pembacaan eventually consistent.</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The index {index} does not hold the TTL attribute {attribute}, so its rows cannot tell expired items apart: read the table to hide them.</source>
        <translation>Indeks {index} tidak memuat atribut TTL {attribute}, jadi barisnya tidak dapat membedakan item yang kedaluwarsa: baca tabelnya untuk menyembunyikannya.</translation>
    </message>
</context>
<context>
    <name>ReadHistoryDialog</name>
    <message>
        <location filename="../../items/history_dialog.py" line="+44"/>
        <source>Reads of {table}</source>
        <translation>Pembacaan {table}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved reads</source>
        <translation>Pembacaan tersimpan</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Recent reads (most recent first)</source>
        <translation>Pembacaan terbaru (terbaru dulu)</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1"/>
        <source>Name for the selected read</source>
        <translation>Nama untuk pembacaan terpilih</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save as</source>
        <translation>Simpan sebagai</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete saved</source>
        <translation>Hapus yang tersimpan</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Run</source>
        <translation>Jalankan</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>No reads of this table yet: run one in the Items tab and it appears here.</source>
        <translation>Belum ada pembacaan tabel ini: jalankan satu di tab Item dan akan muncul di sini.</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Type a name for the read first.</source>
        <translation>Ketik nama pembacaan dulu.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This table has {SAVED_LIMIT} saved reads: delete one first.</source>
        <translation>Tabel ini punya {SAVED_LIMIT} pembacaan tersimpan: hapus satu dulu.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved as {name}.</source>
        <translation>Disimpan sebagai {name}.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Delete saved read?</source>
        <translation>Hapus pembacaan tersimpan?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the saved read “{name}” of {table}?</source>
        <translation>Hapus pembacaan tersimpan “{name}” dari {table}?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It reads: {read}. The recent reads and the table&apos;s items stay; deleting it cannot be undone.</source>
        <translation>Pembacaan ini: {read}. Pembacaan terbaru dan item tabel tetap ada; penghapusan tidak dapat dibatalkan.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete</source>
        <translation>Hapus</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Deleted {name}.</source>
        <translation>{name} dihapus.</translation>
    </message>
</context>
<context>
    <name>ReadLogModel</name>
    <message>
        <location filename="../../window/read_log.py" line="+122"/>
        <source> Estimate: {estimate_basis}.</source>
        <translation> Perkiraan: {estimate_basis}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>As DynamoDB reported it, and the app&apos;s own estimate from item sizes (4 KB read units, halved for eventual reads).</source>
        <translation>Seperti dilaporkan DynamoDB, dan perkiraan aplikasi dari ukuran item (unit baca 4 KB, separuhnya untuk pembacaan konsisten akhir).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tables read with different consistency: {tables}.</source>
        <translation>Tabel dibaca dengan konsistensi berbeda: {tables}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Strongly consistent: reflects every write acknowledged before the read.</source>
        <translation>Sangat konsisten: mencerminkan setiap penulisan yang dikonfirmasi sebelum pembacaan.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Eventually consistent: may miss writes from the last second; costs half.</source>
        <translation>Eventually consistent: bisa melewatkan penulisan detik terakhir; biayanya separuh.</translation>
    </message>
</context>
<context>
    <name>ReadLogView</name>
    <message>
        <location line="+15"/>
        <source>Read log</source>
        <translation>Log baca</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Request sent</source>
        <translation>Permintaan terkirim</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Select a read to see the exact request sent.</source>
        <translation>Pilih pembacaan untuk melihat permintaan persis yang dikirim.</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Copy as code…</source>
        <translation>Salin sebagai kode…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A {operation} cannot be exported as code: only GetItem, Query and Scan can.</source>
        <translation>{operation} tidak dapat diekspor sebagai kode: hanya GetItem, Query, dan Scan yang bisa.</translation>
    </message>
</context>
<context>
    <name>ReconnectKeeper</name>
    <message>
        <location filename="../../session/reconnect.py" line="+36"/>
        <source>Connected to {new}: what was open on {old} ({what}) was closed.</source>
        <translation>Terhubung ke {new}: yang terbuka di {old} ({what}) ditutup.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reconnected to {place}: the open tabs, the table and the query were kept.</source>
        <translation>Terhubung ulang ke {place}: tab yang terbuka, tabel, dan query tetap dipertahankan.</translation>
    </message>
</context>
<context>
    <name>RecordsDialog</name>
    <message>
        <location filename="../../locks/live_records.py" line="+33"/>
        <source>Stream records: {title}</source>
        <translation>Record stream: {title}</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln change(s)</source>
        <translation>
            <numerusform>%Ln perubahan</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{changes} of this row since Live mode started, newest first. “caused by” is the write; “same moment” the records written with it (the rest of its transaction, as far as the stream shows it).</source>
        <translation>{changes} pada baris ini sejak mode langsung dimulai, terbaru dulu. “caused by” adalah penulisannya; “same moment” adalah record yang ditulis bersamanya (sisa transaksinya, sejauh yang ditampilkan stream).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Stream records of this row</source>
        <translation>Record stream baris ini</translation>
    </message>
</context>
<context>
    <name>ReleaseLockForm</name>
    <message>
        <location filename="../../builder/lock_forms.py" line="+41"/>
        <source>Release the {name} lock {value}</source>
        <translation>Lepas lock {name} {value}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deletes the lock, only while it exists, so the {name} {value} can be used again. Release a lock only when no account holds its value: otherwise that account&apos;s value is no longer protected.</source>
        <translation>Menghapus lock, hanya selama masih ada, agar {name} {value} bisa dipakai lagi. Lepas lock hanya jika tidak ada akun yang memegang nilainya: jika tidak, nilai akun itu tidak terlindungi lagi.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lock</source>
        <translation>Lock</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Who holds it</source>
        <translation>Pemegangnya</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not checked here: run Diagnose on the value if unsure.</source>
        <translation>Tidak diperiksa di sini: jalankan Diagnosis pada nilainya jika ragu.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>optional, e.g. {account_pk_prefix}4c5d6e</source>
        <translation>opsional, mis. {account_pk_prefix}4c5d6e</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+14"/>
        <source>Former owner</source>
        <translation>Pemilik sebelumnya</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>If the lock was left by an account that changed its value, name it: the transaction then also checks that it no longer holds {value}.</source>
        <translation>Jika lock ditinggalkan oleh akun yang mengubah nilainya, sebutkan akunnya: transaksi lalu juga memeriksa bahwa akun itu tidak lagi memegang {value}.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>{value} holds {name} {value2}: this lock is not an orphan, and releasing it would leave that value unprotected. Change or delete the account instead.</source>
        <translation>{value} memegang {name} {value2}: lock ini bukan yatim, dan melepasnya membuat nilai itu tidak terlindungi. Ubah atau hapus akunnya saja.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{owner} holds {name} {value} (as the rule normalises it): this lock is not an orphan, and releasing it would leave that value unprotected.</source>
        <translation>{owner} memegang {name} {value} (sebagaimana aturan menormalkannya): kunci ini bukan yatim, dan melepasnya akan membuat nilai itu tidak terlindungi.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Reading the former owner…</source>
        <translation>Membaca pemilik sebelumnya…</translation>
    </message>
</context>
<context>
    <name>RepairDialog</name>
    <message>
        <location filename="../../locks/repair_dialog.py" line="+90"/>
        <source>Repair all — {name}</source>
        <translation>Perbaiki semua — {name}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>these repairs</source>
        <translation>perbaikan ini</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no connection</source>
        <translation>tanpa koneksi</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{summary} Table {name} on {where}.</source>
        <translation>{summary} Tabel {name} di {where}.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Each repair first re-reads its lock and account with strongly consistent reads and runs the preflight; a finding that changed since the audit is skipped. Duplicates, case clashes and expired items are listed for you to decide.</source>
        <translation>Setiap perbaikan terlebih dulu membaca ulang lock dan akunnya dengan pembacaan sangat konsisten dan menjalankan pemeriksaan awal; temuan yang berubah sejak audit dilewati. Duplikat, tabrakan huruf besar/kecil, dan item kedaluwarsa didaftar untuk Anda putuskan.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Nothing sent yet.</source>
        <translation>Belum ada yang dikirim.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Findings to repair</source>
        <translation>Temuan yang diperbaiki</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Rate:</source>
        <translation>Laju:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> per second</source>
        <translation> per detik</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At most this many findings are re-checked and repaired per second.</source>
        <translation>Paling banyak temuan sejumlah ini yang dicek ulang dan diperbaiki per detik.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Confirmation</source>
        <translation>Konfirmasi</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Type {type_to_confirm} to confirm</source>
        <translation>Ketik {type_to_confirm} untuk mengonfirmasi</translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>&amp;Repair %Ln finding(s)</source>
        <translation>
            <numerusform>&amp;Perbaiki %Ln temuan</numerusform>
        </translation>
    </message>
    <message>
        <location line="+57"/>
        <source>&amp;Continue ({remaining} left)</source>
        <translation>&amp;Lanjutkan (sisa {remaining})</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop after the finding in progress; Continue picks up from there.</source>
        <translation>Berhenti setelah temuan yang sedang diproses; Lanjutkan meneruskan dari situ.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Close</source>
        <translation>Tutup</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>
Request: {request}</source>
        <translation>
Permintaan: {request}</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Repairing: each finding is re-checked, then repaired…</source>
        <translation>Memperbaiki: setiap temuan dicek ulang, lalu diperbaiki…</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Stopping after the finding in progress…</source>
        <translation>Berhenti setelah temuan yang sedang diproses…</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Cancelled. {summary} Continue picks up where it stopped.</source>
        <translation>Dibatalkan. {summary} Lanjutkan meneruskan dari tempat berhenti.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> Stopped by an error: {error}</source>
        <translation> Dihentikan oleh error: {error}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{name} on {where}</source>
        <translation>{name} di {where}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repair all on {name}: {summary}</source>
        <translation>Perbaiki semua di {name}: {summary}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Nothing more was sent: {message}</source>
        <translation>Tidak ada lagi yang dikirim: {message}</translation>
    </message>
</context>
<context>
    <name>RepairModel</name>
    <message>
        <location filename="../../locks/repair_model.py" line="+106"/>
        <source>needs a decision</source>
        <translation>perlu keputusan</translation>
    </message>
</context>
<context>
    <name>ResolveDuplicateForm</name>
    <message>
        <location filename="../../builder/lock_forms.py" line="+43"/>
        <source>Resolve duplicate {name} {shared}</source>
        <translation>Selesaikan duplikat {name} {shared}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{accounts_count} accounts hold the {name} {shared}: uniqueness is already broken. Choose the account that keeps it; another one gives it up, in one transaction that checks the kept account and its lock and changes the other only while it still holds the value.</source>
        <translation>{accounts_count} akun memegang {name} {shared}: keunikan sudah rusak. Pilih akun yang mempertahankannya; akun lain melepaskannya, dalam satu transaksi yang memeriksa akun yang dipertahankan beserta lock-nya dan mengubah akun lain hanya selama masih memegang nilai itu.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Keeps {name}</source>
        <translation>Mempertahankan {name}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Gives up {name}</source>
        <translation>Melepas {name}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A new {name}:</source>
        <translation>{name} baru:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No {name} (remove the attribute)</source>
        <translation>Tanpa {name} (hapus atributnya)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the other account&apos;s new {name}</source>
        <translation>{name} baru untuk akun lain</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The other account&apos;s new {name}</source>
        <translation>{name} baru untuk akun lain</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>It gets</source>
        <translation>Mendapat</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Choose the account that keeps {shared}.</source>
        <translation>Pilih akun yang mempertahankan {shared}.</translation>
    </message>
</context>
<context>
    <name>RestoreNote</name>
    <message>
        <location filename="../../builder/restore_note.py" line="+22"/>
        <source>Discard</source>
        <translation>Buang</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Throw the restored work away (Ctrl+Z brings it back)</source>
        <translation>Buang pekerjaan yang dipulihkan (Ctrl+Z mengembalikannya)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+14"/>
        <source>Keep</source>
        <translation>Simpan</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>Keep the restored work and hide this note</source>
        <translation>Simpan pekerjaan yang dipulihkan dan sembunyikan catatan ini</translation>
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
        <translation>Item</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One row per item; Enter or a selection shows it in full</source>
        <translation>Satu baris per item; Enter atau pilihan menampilkannya lengkap</translation>
    </message>
</context>
<context>
    <name>RowList</name>
    <message>
        <location filename="../../builder/fields.py" line="+64"/>
        <location line="+1"/>
        <source>Remove this row</source>
        <translation>Hapus baris ini</translation>
    </message>
</context>
<context>
    <name>RowRepairs</name>
    <message>
        <location filename="../../locks/row_repairs.py" line="+69"/>
        <source>{why} Nothing is sent from this form: close it, and open it again from the audit or diagnosis of the table the window shows.</source>
        <translation>{why} Tidak ada yang dikirim dari formulir ini: tutup, lalu buka lagi dari audit atau diagnosis tabel yang ditampilkan jendela.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The window has no table open now.</source>
        <translation>Jendela kini tidak membuka tabel.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The window shows the table {name} now.</source>
        <translation>Jendela kini menampilkan tabel {name}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This form was opened on the table {table} of {then}. {now}</source>
        <translation>Formulir ini dibuka pada tabel {table} di {then}. {now}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{title}: nothing was opened in the builder. {why}</source>
        <translation>{title}: tidak ada yang dibuka di pembangun transaksi. {why}</translation>
    </message>
</context>
<context>
    <name>SaveDraftDialog</name>
    <message>
        <location filename="../../builder/drafts_dialog.py" line="-179"/>
        <source>Save draft as</source>
        <translation>Simpan draf sebagai</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Draft name</source>
        <translation>Nama draf</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Saves the builder&apos;s {describe} under a name: Drafts → Open draft… brings them back.</source>
        <translation>Menyimpan {describe} di pembangun transaksi dengan sebuah nama: Draf → Buka draf… mengembalikannya.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Name</source>
        <translation>&amp;Nama</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>A draft named “{name}” exists: saving replaces it.</source>
        <translation>Draf bernama “{name}” sudah ada: menyimpan akan menggantinya.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The draft could not be saved: {exc}</source>
        <translation>Draf tidak dapat disimpan: {exc}</translation>
    </message>
</context>
<context>
    <name>SchemaActions</name>
    <message>
        <location filename="../../locks/schema_actions.py" line="+53"/>
        <source>A schema was detected from the sample, but the schema editor holds your changes: save or cancel them, then choose Detect from sample again.</source>
        <translation>Skema terdeteksi dari sampel, tetapi penyunting skema memuat perubahan Anda: simpan atau batalkan, lalu pilih Deteksi dari sampel lagi.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not sure: this is a guess, not the table&apos;s layout. Edit it to match your items (the accounts&apos; key prefix and sort key, each lock&apos;s key template) before you save it.</source>
        <translation>Tidak yakin: ini tebakan, bukan tata letak tabel. Sunting agar sesuai dengan item Anda (prefix key dan sort key akun, templat key setiap lock) sebelum menyimpannya.</translation>
    </message>
</context>
<context>
    <name>SchemaDialog</name>
    <message>
        <location filename="../../locks/schema_dialog.py" line="+140"/>
        <source>Uniqueness schema</source>
        <translation>Skema keunikan</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>This is your unsent edit of this table&apos;s uniqueness schema, kept when DynoView closed at {when}.</source>
        <translation>Ini suntingan Anda yang belum dikirim untuk skema keunikan tabel ini, disimpan saat DynoView ditutup pada {when}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The schema has changed since: saving replaces it with the one below.</source>
        <translation>Skema telah berubah sejak itu: menyimpan akan menggantinya dengan yang di bawah.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard it and start from the schema as it is now</source>
        <translation>Buang dan mulai dari skema seperti sekarang</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>How accounts are recognised (pk_name begins with account_pk_prefix, sk_name equals account_sk_value) and one rule per protected attribute: pk_template with {{value}}, sk_value of the lock (it may hold {{value}} too), normalisation ({value}), and an optional index_name (a GSI keyed on the attribute, used by Diagnose).</source>
        <translation>Cara akun dikenali (pk_name diawali account_pk_prefix, sk_name sama dengan account_sk_value) dan satu aturan per atribut yang dilindungi: pk_template dengan {{value}}, sk_value lock (boleh juga berisi {{value}}), normalisasi ({value}), dan index_name opsional (GSI dengan key atribut itu, dipakai Diagnosis).</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>(keep the schema below)</source>
        <translation>(pertahankan skema di bawah)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Start from a preset:</source>
        <translation>Mulai dari preset:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Locks table</source>
        <translation>Tabel lock</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(the locks share the accounts&apos; table)</source>
        <translation>(lock berbagi tabel dengan akun)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The table that holds the locks when it is not the accounts&apos; table. Its key names are locks_table.pk_name and locks_table.sk_name in the JSON below.</source>
        <translation>Tabel yang menyimpan lock bila bukan tabel akun. Nama key-nya adalah locks_table.pk_name dan locks_table.sk_name di JSON bawah.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Locks table:</source>
        <translation>Tabel lock:</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Uniqueness schema (JSON)</source>
        <translation>Skema keunikan (JSON)</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>sk_name: {title} needs a table with a sort key (its markers differ only in their sort key). Set sk_name to the table&apos;s sort key (e.g. SK), then choose the preset again.</source>
        <translation>sk_name: {title} memerlukan tabel dengan sort key (penandanya hanya berbeda di sort key). Isi sk_name dengan sort key tabel (mis. SK), lalu pilih preset lagi.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>{description} Confirmed from {source}.</source>
        <translation>{description} Dikonfirmasi dari {source}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The JSON below could not be read, so the preset started from the schema this dialog opened with.</source>
        <translation>JSON di bawah tidak dapat dibaca, jadi preset dimulai dari skema saat dialog ini dibuka.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The model is {entity}, in each rule&apos;s {fields}: replace it there if your model has another name.</source>
        <translation>Modelnya {entity}, di {fields} setiap aturan: ganti di sana jika model Anda bernama lain.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> and </source>
        <translation> dan </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Here the service is {service}, in pk_template (${service}#value_), and the entity is {entity}, in each rule&apos;s sk_value (#entity_{entity}): replace them there if yours have other names.</source>
        <translation>Di sini layanannya {service}, di pk_template (${service}#value_), dan entitasnya {entity}, di sk_value setiap aturan (#entity_{entity}): ganti di sana jika milik Anda bernama lain.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The scope of {rules} is {placeholder}: set it to your model&apos;s scope template (e.g. ${{tenantId}}).</source>
        <translation>Cakupan {rules} adalah {placeholder}: isi dengan templat cakupan model Anda (mis. ${{tenantId}}).</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Locks table: &quot;{name}&quot; is not a DynamoDB table name. Use 3 to 255 letters, digits, underscores (_), hyphens (-) or dots (.), or leave the field empty when the locks share the accounts&apos; table.</source>
        <translation>Tabel lock: &quot;{name}&quot; bukan nama tabel DynamoDB. Gunakan 3 sampai 255 huruf, angka, garis bawah (_), tanda hubung (-) atau titik (.), atau kosongkan kolom ini bila lock berada di tabel akun.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>a string is not closed: end it with &quot; on its line</source>
        <translation>sebuah string tidak ditutup: akhiri dengan &quot; di barisnya</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>line {lineno} column {colno}: not valid JSON ({msg}).</source>
        <translation>baris {lineno} kolom {colno}: JSON tidak valid ({msg}).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This JSON is nested far too deeply to be a schema.</source>
        <translation>JSON ini bersarang terlalu dalam untuk sebuah skema.</translation>
    </message>
</context>
<context>
    <name>SendBar</name>
    <message>
        <location filename="../../builder/toolbar.py" line="-41"/>
        <source>Check preflight</source>
        <translation>Cek pemeriksaan awal</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the accounts and locks after this transaction, without sending it (Ctrl+Shift+K)</source>
        <translation>Tampilkan akun dan lock setelah transaksi ini, tanpa mengirimnya (Ctrl+Shift+K)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Execute</source>
        <translation>Jalankan</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Execute (Ctrl+Return): asks for confirmation first</source>
        <translation>Jalankan (Ctrl+Return): meminta konfirmasi dulu</translation>
    </message>
</context>
<context>
    <name>SendFlow</name>
    <message>
        <location filename="../../builder/send_flow.py" line="+252"/>
        <source>Preflight: reading the accounts and locks this transaction touches…</source>
        <extracomment>Tables a DescribeTable said are not on this connection -&gt; the table named like it (or None): the builder says so at their actions&apos; Table field.</extracomment>
        <translation>Pemeriksaan awal: membaca akun dan lock yang disentuh transaksi ini…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Use the proposed template, or fix the actions.</source>
        <translation>Pakai templat yang diusulkan, atau perbaiki aksinya.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change the value, or Execute again and confirm the warning.</source>
        <translation>Ubah nilainya, atau Jalankan lagi dan konfirmasi peringatannya.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Not executed: the confirmation was cancelled.</source>
        <translation>Tidak dijalankan: konfirmasi dibatalkan.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Not executed: the preflight&apos;s refusal or warning for these actions was not confirmed. Execute again to see it.</source>
        <translation>Tidak dijalankan: penolakan atau peringatan pemeriksaan awal untuk aksi ini belum dikonfirmasi. Jalankan lagi untuk melihatnya.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Executing…</source>
        <translation>Menjalankan…</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>{missing} The preflight did not run; nothing was sent.</source>
        <translation>{missing} Pemeriksaan awal tidak dijalankan; tidak ada yang dikirim.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The transaction changed during the preflight; nothing was sent. Execute again.</source>
        <translation>Transaksi berubah selama pemeriksaan awal; tidak ada yang dikirim. Jalankan lagi.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The preflight could not read the items this transaction touches, so nothing was sent. {message}</source>
        <translation>Pemeriksaan awal tidak dapat membaca item yang disentuh transaksi ini, jadi tidak ada yang dikirim. {message}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No credentials could be had to sign the transaction, so nothing was sent. {message}</source>
        <translation>Tidak ada kredensial yang bisa didapat untuk menandatangani transaksi, jadi tidak ada yang dikirim. {message}</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The connection changed before the send (from {old}, now none): nothing was sent. Connect, then press Execute again.</source>
        <translation>Koneksi berubah sebelum pengiriman (dari {old}, kini tidak ada): tidak ada yang dikirim. Hubungkan, lalu tekan Jalankan lagi.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The connection changed before the send (from {old} to {new}): nothing was sent. Press Execute again to check and send it on {new}.</source>
        <translation>Koneksi berubah sebelum pengiriman (dari {old} ke {new}): tidak ada yang dikirim. Tekan Jalankan lagi untuk memeriksa dan mengirimnya di {new}.</translation>
    </message>
</context>
<context>
    <name>SessionView</name>
    <message>
        <location filename="../../session/view.py" line="+66"/>
        <location line="+163"/>
        <source>Write mode…</source>
        <extracomment>botocore&apos;s errors for an SSO token that is missing, expired or refused.</extracomment>
        <translation>Mode tulis…</translation>
    </message>
    <message>
        <location line="-113"/>
        <source>Region {value}</source>
        <translation>Region {value}</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Sign in…</source>
        <translation>Masuk…</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Sign in with AWS SSO in your browser, then connect again</source>
        <translation>Masuk dengan AWS SSO di browser, lalu hubungkan lagi</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>identity unknown · {value}</source>
        <translation>identitas tak diketahui · {value}</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no region</source>
        <translation>tanpa region</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>STS did not say who this is: {message}</source>
        <translation>STS tidak menyebutkan identitasnya: {message}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Settings…</source>
        <translation>Pen&amp;gaturan…</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Back to read-only</source>
        <translation>Kembali ke hanya-baca</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refuse writes again</source>
        <translation>Tolak penulisan lagi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allow writes for this session (asks for the account id)</source>
        <translation>Izinkan penulisan untuk sesi ini (meminta ID akun)</translation>
    </message>
</context>
<context>
    <name>SetEditorDialog</name>
    <message>
        <location filename="../../items/value_dialogs.py" line="-97"/>
        <source>strings</source>
        <translation>string</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>numbers</source>
        <translation>angka</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>base64 binary</source>
        <translation>biner base64</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit {name} ({code})</source>
        <translation>Edit {name} ({code})</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The members as a JSON array ({kind}): some hold line breaks, only spaces or no-break spaces, which one member per line cannot show. A set holds each member once and cannot be empty: to empty it, remove the attribute.</source>
        <translation>Anggota sebagai larik JSON ({kind}): sebagian berisi pemisah baris, hanya spasi, atau spasi tak terputus, yang tidak dapat ditampilkan dengan satu anggota per baris. Sebuah set memuat setiap anggota sekali dan tidak boleh kosong: untuk mengosongkannya, hapus atributnya.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>One member per line ({kind}). A set holds each member once and cannot be empty: to empty it, remove the attribute.</source>
        <translation>Satu anggota per baris ({kind}). Set memuat setiap anggota sekali dan tidak boleh kosong: untuk mengosongkannya, hapus atributnya.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Set members as a JSON array</source>
        <translation>Anggota set sebagai larik JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set members, one per line</source>
        <translation>Anggota set, satu per baris</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Line {number} holds only spaces, which one member per line cannot keep apart from a blank line: delete the line, or write the set with Edit as JSON… to keep such a member.</source>
        <translation>Baris {number} hanya berisi spasi, yang tidak dapat dibedakan dari baris kosong bila satu anggota per baris: hapus baris itu, atau tulis set dengan Edit sebagai JSON… untuk menyimpan anggota seperti itu.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../session/settings_dialog.py" line="+53"/>
        <source>Settings</source>
        <translation>Pengaturan</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Production connections</source>
        <translation>Koneksi produksi</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Language</source>
        <translation>Bahasa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Updates</source>
        <translation>Pembaruan</translation>
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
        <translation>Status</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sequence numbers</source>
        <translation>Nomor urut</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shards</source>
        <translation>Shard</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shards map to partitions; a closed shard&apos;s children carry on after it. Select one to start at a sequence number in it.</source>
        <translation>Shard memetakan partisi; anak dari shard yang tertutup melanjutkannya. Pilih satu untuk mulai dari nomor urut di dalamnya.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Parent: {value}</source>
        <translation>Induk: {value}</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none (or trimmed)</source>
        <translation>tidak ada (atau terpangkas)</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../../shortcuts.py" line="+161"/>
        <location line="+9"/>
        <source>Keyboard shortcuts</source>
        <translation>Pintasan keyboard</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Filter by command or key</source>
        <translation>Filter menurut perintah atau tombol</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Filter shortcuts</source>
        <translation>Filter pintasan</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keys</source>
        <translation>Tombol</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Command</source>
        <translation>Perintah</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Where</source>
        <translation>Tempat</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The command palette (Ctrl+K) finds every command by name too.</source>
        <translation>Palet perintah (Ctrl+K) juga menemukan setiap perintah menurut nama.</translation>
    </message>
</context>
<context>
    <name>SideTabs</name>
    <message>
        <location filename="../../builder/side_tabs.py" line="+32"/>
        <source>Request</source>
        <translation>Permintaan</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+18"/>
        <source>Problems</source>
        <translation>Masalah</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Problems ({problems_count})</source>
        <translation>Masalah ({problems_count})</translation>
    </message>
</context>
<context>
    <name>SignUpForm</name>
    <message>
        <location filename="../../builder/template_forms.py" line="-171"/>
        <source>Sign up (new account)</source>
        <translation>Signup (akun baru)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>New id</source>
        <translation>ID baru</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generate another account id (ids are generated, never made from a value)</source>
        <translation>Buat ID akun lain (ID dibuat otomatis, tidak pernah dari sebuah nilai)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Account</source>
        <translation>Akun</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the {name}, as the person types it</source>
        <translation>{name}, seperti yang diketik orangnya</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the account&apos;s {attribute}: values are unique per {attribute}</source>
        <translation>{attribute} akun: nilai unik per {attribute}</translation>
    </message>
</context>
<context>
    <name>SsoEndedOffer</name>
    <message>
        <location filename="../../session/sso_ended.py" line="+66"/>
        <source>Sign in… signs in again in your browser. This window stays connected and keeps what you typed and staged; retry what failed once signed in.</source>
        <translation>Masuk… masuk lagi di browser Anda. Jendela ini tetap tersambung dan menyimpan apa yang Anda ketik dan siapkan; ulangi yang gagal setelah masuk.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sign in with AWS SSO in your browser, then retry</source>
        <translation>Masuk dengan AWS SSO di browser Anda, lalu ulangi</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Signed in with AWS SSO for profile {profile}. Retry what failed (File › Refresh tables, or the read or send again).</source>
        <translation>Masuk dengan AWS SSO untuk profil {profile}. Ulangi yang gagal (Berkas › Muat ulang tabel, atau baca atau kirim lagi).</translation>
    </message>
</context>
<context>
    <name>SsoSignInDialog</name>
    <message>
        <location filename="../../session/sso_dialog.py" line="+65"/>
        <source>Sign in with AWS SSO</source>
        <extracomment>How the verification page is opened (a test records it instead of starting a browser).</extracomment>
        <translation>Masuk dengan AWS SSO</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Profile &lt;b&gt;{profile}&lt;/b&gt; needs an AWS SSO sign-in. Your browser opens on the sign-in page; check that it shows this code, then approve.</source>
        <translation>Profil &lt;b&gt;{profile}&lt;/b&gt; perlu masuk lewat AWS SSO. Browser Anda membuka halaman masuk; pastikan kode ini yang tampil, lalu setujui.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Starting the sign-in…</source>
        <translation>Memulai proses masuk…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the browser again</source>
        <translation>Buka browser lagi</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Waiting for the approval at {verification_url} …</source>
        <translation>Menunggu persetujuan di {verification_url} …</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>SSO sign-in</source>
        <translation>Masuk SSO</translation>
    </message>
</context>
<context>
    <name>StagedCell</name>
    <message>
        <location filename="../../items/staged_look.py" line="+34"/>
        <source>(removed)</source>
        <extracomment>The object name of a window&apos;s staged set (``staging.CellStaging``): the Items tab finds it without importing the edit code.</extracomment>
        <translation>(dihapus)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Staged: {value}</source>
        <translation>Disiapkan: {value}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>removed</source>
        <translation>dihapus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>was {value}</source>
        <translation>sebelumnya {value}</translation>
    </message>
</context>
<context>
    <name>StagedPane</name>
    <message>
        <location filename="../../items/staged_pane.py" line="+58"/>
        <source>Undo</source>
        <extracomment>A table&apos;s uniqueness rules by its name (``AppContext.schema_for``); None: no lock notes.</extracomment>
        <translation>Urungkan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last change to the staged cells (Ctrl+Z)</source>
        <translation>Urungkan perubahan terakhir pada sel yang disiapkan (Ctrl+Z)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard</source>
        <translation>Buang</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drop the selected staged change (Delete)</source>
        <translation>Buang perubahan disiapkan yang terpilih (Delete)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard all</source>
        <translation>Buang semua</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Review and send…</source>
        <translation>Tinjau dan kirim…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open one guarded transaction in the builder: each item is updated only if it still holds the values you saw</source>
        <translation>Buka satu transaksi yang dijaga di pembangun transaksi: setiap item diperbarui hanya jika masih berisi nilai yang Anda lihat</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Staged changes</source>
        <translation>Perubahan disiapkan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Change</source>
        <translation>Perubahan</translation>
    </message>
    <message numerus="yes">
        <location line="+32"/>
        <source>Staged changes (%n)</source>
        <translation>
            <numerusform>Perubahan disiapkan (%n)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{table}: {key}</source>
        <translation>{table}: {key}</translation>
    </message>
</context>
<context>
    <name>StatementEdit</name>
    <message>
        <location filename="../../partiql/editor.py" line="+87"/>
        <source>PartiQL statement</source>
        <translation>Statement PartiQL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SELECT * FROM &quot;accounts&quot; WHERE PK = ?   (Ctrl+Enter runs; Ctrl+Space completes)</source>
        <translation>SELECT * FROM &quot;accounts&quot; WHERE PK = ?   (Ctrl+Enter menjalankan; Ctrl+Space melengkapi)</translation>
    </message>
</context>
<context>
    <name>StreamController</name>
    <message>
        <location filename="../../stream/controller.py" line="+167"/>
        <source>Reading the stream stopped: {message}</source>
        <translation>Pembacaan stream berhenti: {message}</translation>
    </message>
</context>
<context>
    <name>StreamControls</name>
    <message>
        <location filename="../../stream/controls.py" line="+69"/>
        <source>Refresh</source>
        <translation>Muat ulang</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Describe the stream again (shards open and close over time)</source>
        <translation>Deskripsikan stream lagi (shard terbuka dan tertutup seiring waktu)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>sequence number</source>
        <translation>nomor urut</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sequence number</source>
        <translation>Nomor urut</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy one from a record (right-click it), then read at or after it</source>
        <translation>Salin dari sebuah record (klik kanan), lalu baca mulai dari atau setelahnya</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Read</source>
        <translation>Baca</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read every record available from this position, then stop</source>
        <translation>Baca semua record yang tersedia dari posisi ini, lalu berhenti</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Follow</source>
        <translation>Ikuti</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep polling for new records (about twice a second)</source>
        <translation>Terus polling record baru (sekitar dua kali per detik)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pause</source>
        <translation>Jeda</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop polling without losing the position; resume within 15 minutes to reuse the iterators (after that they are re-acquired from the last record read)</source>
        <translation>Hentikan polling tanpa kehilangan posisi; lanjutkan dalam 15 menit untuk memakai ulang iterator (setelah itu diambil ulang dari record terakhir yang dibaca)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stop</source>
        <translation>Hentikan</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clear</source>
        <translation>Bersihkan</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start at</source>
        <translation>Mulai dari</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>PK or PK,SK; several separated by ;</source>
        <translation>PK atau PK,SK; beberapa dipisah ;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show only records of these keys, e.g. UNIQ#EMAIL#ada@lovelace.io; ACCT#a1f9c3. A partition key alone matches its whole item collection. Escape , or ; in a value with \</source>
        <translation>Tampilkan hanya record dengan key ini, mis. UNIQ#EMAIL#ada@lovelace.io; ACCT#a1f9c3. Partition key saja mencocokkan seluruh item collection-nya. Escape , atau ; dalam nilai dengan \</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Events shown</source>
        <translation>Event ditampilkan</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Keys</source>
        <translation>Tombol</translation>
    </message>
</context>
<context>
    <name>StreamEventsView</name>
    <message>
        <location filename="../../stream/view.py" line="+33"/>
        <source>Stream records</source>
        <translation>Record stream</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Show only this item</source>
        <translation>Tampilkan hanya item ini</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show this item collection (partition key)</source>
        <translation>Tampilkan item collection ini (partition key)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read after this record</source>
        <translation>Baca setelah record ini</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the item</source>
        <translation>Buka item</translation>
    </message>
</context>
<context>
    <name>StreamPanel</name>
    <message>
        <location filename="../../stream/panel.py" line="+88"/>
        <source>Shards</source>
        <translation>Shard</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Order holds per item (one primary key): not across items or partitions, not even within one transaction.</source>
        <translation>Urutan berlaku per item (satu primary key): tidak antar item atau partisi, bahkan tidak dalam satu transaksi.</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>Open a table to see its stream.</source>
        <translation>Buka tabel untuk melihat stream-nya.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Stream of {name}: describing…</source>
        <translation>Stream {name}: mendeskripsikan…</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>&lt;b&gt;Stream&lt;/b&gt; {arn}&lt;br&gt;&lt;b&gt;View type&lt;/b&gt; {view_type}: {view_type_text}&lt;br&gt;&lt;b&gt;Status&lt;/b&gt; {status}; %n shard(s), {open_shards} open. Records are kept 24 hours; reads are eventually consistent.</source>
        <translation>
            <numerusform>&lt;b&gt;Stream&lt;/b&gt; {arn}&lt;br&gt;&lt;b&gt;Tipe tampilan&lt;/b&gt; {view_type}: {view_type_text}&lt;br&gt;&lt;b&gt;Status&lt;/b&gt; {status}; %n shard, {open_shards} terbuka. Record disimpan 24 jam; pembacaan eventually consistent.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+98"/>
        <source>Caught up after %Ln record(s). Press Follow to keep watching for new ones.</source>
        <translation>
            <numerusform>Tersusul setelah %Ln record. Tekan Ikuti untuk terus memantau record baru.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+24"/>
        <source>%Ln record(s)</source>
        <translation>
            <numerusform>%Ln record</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, {shown} shown by the filter</source>
        <translation>, {shown} ditampilkan filter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{dropped} oldest dropped from view</source>
        <translation>{dropped} terlama dibuang dari tampilan</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{pending} being added</source>
        <translation>{pending} sedang ditambahkan</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>stopped</source>
        <translation>berhenti</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>reading</source>
        <translation>membaca</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>paused</source>
        <translation>dijeda</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>following (polling every {value:g} s)</source>
        <translation>mengikuti (polling tiap {value:g} dtk)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>last poll {last_poll:%H:%M:%S}</source>
        <translation>polling terakhir {last_poll:%H:%M:%S}</translation>
    </message>
</context>
<context>
    <name>StreamRecordView</name>
    <message>
        <location filename="../../stream/record_view.py" line="-119"/>
        <source>Attributes changed, old and new</source>
        <translation>Atribut yang berubah, lama dan baru</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attribute</source>
        <translation>Atribut</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Change</source>
        <translation>Perubahan</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Old</source>
        <translation>Lama</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New</source>
        <translation>Baru</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+4"/>
        <source>Record JSON</source>
        <translation>JSON record</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Old → new</source>
        <translation>Lama → baru</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>unknown time</source>
        <translation>waktu tak diketahui</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> This stream carries keys only, so there is nothing to compare.</source>
        <translation> Stream ini hanya membawa key, jadi tidak ada yang dibandingkan.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> No attribute changed: the write stored the same values.</source>
        <translation> Tidak ada atribut yang berubah: penulisan menyimpan nilai yang sama.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>unknown view type</source>
        <translation>jenis tampilan tidak dikenal</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> This stream ({view}) does not carry old images: the new image is below, with nothing to compare it to.</source>
        <translation> Stream ini ({view}) tidak membawa gambar lama: gambar baru ada di bawah, tanpa pembanding.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> This stream ({view}) does not carry new images: the old image is below, with nothing to compare it to.</source>
        <translation> Stream ini ({view}) tidak membawa gambar baru: gambar lama ada di bawah, tanpa pembanding.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> This stream ({view}) does not carry old images, so only the keys are known.</source>
        <translation> Stream ini ({view}) tidak membawa gambar lama, jadi hanya kuncinya yang diketahui.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> This stream ({view}) does not carry new images, so only the keys are known.</source>
        <translation> Stream ini ({view}) tidak membawa gambar baru, jadi hanya kuncinya yang diketahui.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>not in this stream</source>
        <translation>tidak ada di stream ini</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not compared</source>
        <translation>tidak dibandingkan</translation>
    </message>
</context>
<context>
    <name>TTL_LABELS</name>
    <message>
        <location filename="../../scans/ttl_labels.py" line="+24"/>
        <source>expired</source>
        <extracomment>The TTL chart&apos;s first bar: items whose TTL has passed but are still in the table.</extracomment>
        <translation>kedaluwarsa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>later</source>
        <extracomment>The TTL chart&apos;s last bar: items expiring after the last hour or day shown.</extracomment>
        <translation>nanti</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;1 h</source>
        <extracomment>A TTL chart bar: items expiring within the hour (&quot;h&quot; for hours).</extracomment>
        <translation>&lt;1 j</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{first}–{last} h</source>
        <extracomment>A TTL chart bar: items expiring between {first} and {last} hours from now.</extracomment>
        <translation>{first}–{last} j</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;1 d</source>
        <extracomment>A TTL chart bar: items expiring within the day (&quot;d&quot; for days).</extracomment>
        <translation>&lt;1 hr</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{first}–{last} d</source>
        <extracomment>A TTL chart bar: items expiring between {first} and {last} days from now.</extracomment>
        <translation>{first}–{last} hr</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>TTL already passed; DynamoDB has not deleted these yet</source>
        <translation>TTL sudah lewat; DynamoDB belum menghapusnya</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>after {start} local</source>
        <translation>setelah {start} waktu lokal</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{start} – {end} local ({start_utc}–{end_utc} UTC)</source>
        <translation>{start} – {end} waktu lokal ({start_utc}–{end_utc} UTC)</translation>
    </message>
</context>
<context>
    <name>TablesPanel</name>
    <message>
        <location filename="../../window/tables_panel.py" line="-206"/>
        <source>Filter tables (Ctrl+T)</source>
        <translation>Filter tabel (Ctrl+T)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Filter tables</source>
        <translation>Filter tabel</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>Tables</source>
        <translation>Tabel</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Description</source>
        <translation>Deskripsi</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Open {name} in a new Items tab</source>
        <translation>Buka {name} di tab Item baru</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Create table…</source>
        <translation>Buat tabel…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete {name}…</source>
        <translation>Hapus {name}…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Connect to a local endpoint (such as DynamoDB Local) to {action}.</source>
        <translation>Hubungkan ke endpoint lokal (seperti DynamoDB Local) untuk {action}.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Create a table on this local endpoint</source>
        <translation>Buat tabel di endpoint lokal ini</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the selected table on this local endpoint</source>
        <translation>Hapus tabel terpilih di endpoint lokal ini</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Select a table to delete in the Tables list.</source>
        <translation>Pilih tabel yang akan dihapus di daftar Tabel.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Tables ({names_count})</source>
        <translation>Tabel ({names_count})</translation>
    </message>
</context>
<context>
    <name>TaskRunner</name>
    <message>
        <location filename="../../tasks.py" line="+182"/>
        <source>(while handling an error of task {name!r})</source>
        <translation>(saat menangani error tugas {name!r})</translation>
    </message>
</context>
<context>
    <name>TemplateForm</name>
    <message>
        <location filename="../../builder/form_base.py" line="+159"/>
        <source>This template as a Python (boto3) or TypeScript function, with an example sending the form&apos;s values (Alt+E)</source>
        <extracomment>The note&apos;s object name once the window moved away from where the form opened (tests).</extracomment>
        <translation>Templat ini sebagai fungsi Python (boto3) atau TypeScript, dengan contoh yang mengirim nilai formulir (Alt+E)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The transaction</source>
        <translation>Transaksi</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>&lt;/ol&gt;&lt;p&gt;Nothing is sent yet: the builder shows the exact request to review, then Execute asks for confirmation.&lt;/p&gt;</source>
        <translation>&lt;/ol&gt;&lt;p&gt;Belum ada yang dikirim: pembangun transaksi menampilkan permintaan persis untuk ditinjau, lalu Jalankan meminta konfirmasi.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;p&gt;Fill in the form: the actions appear here once it is valid.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Isi formulir: aksi muncul di sini setelah valid.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>TemplateRunner</name>
    <message>
        <location filename="../../builder/template_runner.py" line="+132"/>
        <source>Could not read the selected account&apos;s locks, so no repair is offered: </source>
        <translation>Tidak dapat membaca lock akun terpilih, jadi tidak ada perbaikan yang ditawarkan: </translation>
    </message>
    <message>
        <location line="+33"/>
        <source>{replace} does not apply to the selection.</source>
        <translation>{replace} tidak berlaku untuk pilihan ini.</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>{title}: nothing was opened in the builder. {why}</source>
        <translation>{title}: tidak ada yang dibuka di pembangun transaksi. {why}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{windowTitle}: review the request, then Execute.</source>
        <translation>{windowTitle}: tinjau permintaan, lalu Jalankan.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>{describe_account} has no {name}: there is no lock to claim.</source>
        <translation>{describe_account} tidak punya {name}: tidak ada lock untuk diklaim.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reading the {name} lock {lock_pk}…</source>
        <translation>Membaca lock {name} {lock_pk}…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The {name} lock {lock_pk} already exists: nothing to claim. Diagnose the value to see who holds it.</source>
        <translation>Lock {name} {lock_pk} sudah ada: tidak ada yang diklaim. Diagnosis nilainya untuk melihat pemegangnya.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{describe_account} has no {name}.</source>
        <translation>{describe_account} tidak punya {name}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Looking for the accounts holding {name} {value}…</source>
        <translation>Mencari akun yang memegang {name} {value}…</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>no account</source>
        <translation>tanpa akun</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only {who} holds {name} {value}: there is no duplicate to resolve.</source>
        <translation>Hanya {who} yang memegang {name} {value}: tidak ada duplikat untuk diselesaikan.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>{name} is a protected value: your edit opens as the Change {name} template, which moves its lock in the same transaction.</source>
        <translation>{name} adalah nilai yang dilindungi: edit Anda dibuka sebagai templat Ubah {name}, yang memindahkan lock-nya dalam transaksi yang sama.</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>{names} (is a protected value|are protected values) ({moved}): the edited account is written only if it still holds the values you saw, and the same transaction puts each new lock (only where none exists) and releases each old one. Review, then Execute.</source>
        <translation>
            <numerusform>{names} adalah nilai yang dilindungi ({moved}): akun yang diedit ditulis hanya jika masih memegang nilai yang Anda lihat, dan transaksi yang sama mem-put setiap lock baru (hanya jika belum ada) dan melepas setiap lock lama. Tinjau, lalu Jalankan.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TextEditorDialog</name>
    <message>
        <location filename="../../items/value_dialogs.py" line="+78"/>
        <source>Edit {name} ({code})</source>
        <translation>Edit {name} ({code})</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The binary value as base64 ({count} characters), too long for the cell&apos;s line.</source>
        <translation>Nilai biner sebagai base64 ({count} karakter), terlalu panjang untuk baris sel.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The string ({count} characters) as one JSON string, in double quotes: it holds characters this editor would change (carriage returns, line or paragraph separators, no-break spaces), shown escaped.</source>
        <translation>String ({count} karakter) sebagai satu string JSON, dalam tanda kutip ganda: string ini memuat karakter yang akan diubah editor ini (carriage return, pemisah baris atau paragraf, spasi tak terputus), ditampilkan dengan escape.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The string as it is stored ({count} characters), too long for the cell&apos;s line; line breaks are part of it.</source>
        <translation>String sebagaimana disimpan ({count} karakter), terlalu panjang untuk baris sel; pemisah baris adalah bagian darinya.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Value as a JSON string</source>
        <translation>Nilai sebagai string JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value</source>
        <translation>Nilai</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Type the value as one JSON string, in double quotes (&quot;…&quot;), its special characters escaped as shown.</source>
        <translation>Ketik nilai sebagai satu string JSON, dalam tanda kutip ganda (&quot;…&quot;), dengan karakter khususnya di-escape seperti yang ditampilkan.</translation>
    </message>
</context>
<context>
    <name>TextKeeper</name>
    <message>
        <location filename="../../kept_text.py" line="+105"/>
        <source>This is open in another window too: what you type here is not kept in case DynoView closes (that window&apos;s edit is). Save or cancel one of them.</source>
        <extracomment>Another dialog (any window, any process) keeps this subject: this one leaves it alone.</extracomment>
        <translation>Ini juga terbuka di jendela lain: yang Anda ketik di sini tidak disimpan untuk berjaga-jaga bila DynoView ditutup (suntingan jendela itu yang disimpan). Simpan atau batalkan salah satunya.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The edit kept earlier could not be deleted ({error}): this dialog offers it again the next time it opens. Discard it then, once the folder can be written.</source>
        <translation>Editan yang disimpan sebelumnya tidak dapat dihapus ({error}): dialog ini menawarkannya lagi saat dibuka berikutnya. Buang saat itu, setelah folder dapat ditulisi.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Your changes here could not be kept in case DynoView closes ({error}): save or copy them before you quit.</source>
        <translation>Perubahan Anda di sini tidak dapat disimpan untuk berjaga-jaga bila DynoView ditutup ({error}): simpan atau salin sebelum keluar.</translation>
    </message>
</context>
<context>
    <name>TokenRow</name>
    <message>
        <location filename="../../builder/token_row.py" line="+29"/>
        <source>ClientRequestToken: resending with the same token is idempotent for 10 minutes</source>
        <translation>ClientRequestToken: mengirim ulang dengan token yang sama bersifat idempoten selama 10 menit</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Regenerate</source>
        <translation>Buat ulang</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A new token: DynamoDB treats the next send as a new request</source>
        <translation>Token baru: DynamoDB memperlakukan pengiriman berikutnya sebagai permintaan baru</translation>
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
        <translation>Ekspor…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write the current result or the whole table to a file: DynamoDB JSON lines, plain JSON lines or CSV</source>
        <translation>Tulis hasil saat ini atau seluruh tabel ke berkas: baris DynamoDB JSON, baris JSON biasa, atau CSV</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy to table…</source>
        <translation>Salin ke tabel…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+21"/>
        <source>Copy the selected items (or the whole result) to another table, through guarded Puts in the transaction builder</source>
        <translation>Salin item terpilih (atau seluruh hasil) ke tabel lain, lewat Put yang dijaga di pembangun transaksi</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Import…</source>
        <translation>Impor…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+26"/>
        <source>Load items into this table from JSON lines, a JSON array, DynamoDB JSON, CSV or an S3 export, in guarded batches</source>
        <translation>Muat item ke tabel ini dari baris JSON, array JSON, DynamoDB JSON, CSV, atau ekspor S3, dalam batch yang dijaga</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>This connection is read-only: importing writes items.</source>
        <translation>Koneksi ini hanya-baca: impor menulis item.</translation>
    </message>
</context>
<context>
    <name>TtlTimelinePanel</name>
    <message>
        <location filename="../../scans/ttl_timeline_panel.py" line="+122"/>
        <source>Scan the table to see when its items expire.</source>
        <translation>Scan tabel untuk melihat kapan item-nya kedaluwarsa.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>expires in (from now)</source>
        <translation>kedaluwarsa dalam (dari sekarang)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>items</source>
        <translation>item</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan the table to see its TTL timeline.</source>
        <translation>Scan tabel untuk melihat linimasa TTL-nya.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Auto</source>
        <translation>Otomatis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per hour</source>
        <translation>Per jam</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per day</source>
        <translation>Per hari</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Group expiries per hour or per day ahead (Auto picks hours when everything expires within 48 hours)</source>
        <translation>Kelompokkan kedaluwarsa per jam atau per hari ke depan (Otomatis memilih jam bila semua kedaluwarsa dalam 48 jam)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>up to </source>
        <translation>hingga </translation>
    </message>
    <message>
        <location line="+1"/>
        <source> items</source>
        <translation> item</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A bounded Scan of keys and the TTL attribute only; every page leaves a read receipt</source>
        <translation>Scan terbatas, hanya key dan atribut TTL; setiap halaman meninggalkan tanda terima baca</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scan table</source>
        <translation>Scan tabel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the keys and TTL attribute of up to this many items</source>
        <translation>Baca key dan atribut TTL hingga sebanyak ini item</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export PNG…</source>
        <translation>Ekspor PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the chart as a PNG image</source>
        <translation>Simpan grafik sebagai gambar PNG</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group</source>
        <translation>Kelompok</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Items to scan</source>
        <translation>Item yang di-scan</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+45"/>
        <location line="+99"/>
        <source>Click a bar to list its items.</source>
        <translation>Klik batang untuk mendaftar item-nya.</translation>
    </message>
    <message>
        <location line="-141"/>
        <location line="+11"/>
        <source>TTL value</source>
        <translation>Nilai TTL</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Expires (local time)</source>
        <translation>Kedaluwarsa (waktu lokal)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+11"/>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click an item to open it</source>
        <translation>Klik ganda item untuk membukanya</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items of the selected bar</source>
        <translation>Item pada batang terpilih</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+32"/>
        <location line="+131"/>
        <source>Will never expire</source>
        <translation>Tidak akan kedaluwarsa</translation>
    </message>
    <message>
        <location line="-161"/>
        <source>Reason</source>
        <translation>Alasan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items that will never expire</source>
        <translation>Item yang tidak akan kedaluwarsa</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Open a table to see its TTL timeline.</source>
        <translation>Buka tabel untuk melihat linimasa TTL-nya.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>TTL attribute: {ttl_attribute}. Scan the table to see when its items expire.</source>
        <translation>Atribut TTL: {ttl_attribute}. Scan tabel untuk melihat kapan item-nya kedaluwarsa.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Scanning {name} (keys and {ttl_attribute} only)…</source>
        <translation>Men-scan {name} (hanya key dan {ttl_attribute})…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>every item</source>
        <translation>semua item</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>the first %Ln item(s)</source>
        <translation>
            <numerusform>%Ln item pertama</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a Scan of {scope}</source>
        <translation>Scan atas {scope}</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>Charting %Ln item(s) by expiry…</source>
        <translation>
            <numerusform>Menyusun %Ln item menurut waktu kedaluwarsa…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+22"/>
        <source>
Oldest: {key_text}</source>
        <translation>
Terlama: {key_text}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Items by expiry, per hour ahead ({attribute})</source>
        <translation>Item menurut kedaluwarsa, per jam ke depan ({attribute})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items by expiry, per day ahead ({attribute})</source>
        <translation>Item menurut kedaluwarsa, per hari ke depan ({attribute})</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>From {source}: {summary}</source>
        <translation>Dari {source}: {summary}</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>expired but still present (oldest first)</source>
        <translation>kedaluwarsa tetapi masih ada (terlama dulu)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expiring {label} from now</source>
        <translation>kedaluwarsa {label} dari sekarang</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expiring later</source>
        <translation>kedaluwarsa nanti</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, first {shown} shown</source>
        <translation>, {shown} pertama ditampilkan</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln item(s) {what}{more}.</source>
        <translation>
            <numerusform>%Ln item {what}{more}.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Will never expire (first {shown} of {total} shown)</source>
        <translation>Tidak akan pernah kedaluwarsa ({shown} pertama dari {total} ditampilkan)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Export chart as PNG</source>
        <translation>Ekspor grafik sebagai PNG</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Could not write {path}. Choose a folder you can write to and try again.</source>
        <translation>Tidak dapat menulis {path}. Pilih folder yang bisa Anda tulisi dan coba lagi.</translation>
    </message>
</context>
<context>
    <name>UnkeptWork</name>
    <message>
        <location filename="../../window/closing.py" line="+104"/>
        <source>The changes staged in the Items tab could not be kept for the next start ({reason}).</source>
        <extracomment>Set to True on the window when it closes without a person to answer (SIGTERM, logout).</extracomment>
        <translation>Perubahan yang disiapkan di tab Item tidak dapat disimpan untuk start berikutnya ({reason}).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The statement typed in the PartiQL tab could not be kept for the next start: {problem}.</source>
        <translation>Pernyataan yang diketik di tab PartiQL tidak dapat disimpan untuk start berikutnya: {problem}.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Unsent work that could not be kept</source>
        <translation>Pekerjaan belum terkirim yang tidak dapat disimpan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Closing now loses unsent work: DynoView could not keep it for the next start.</source>
        <translation>Menutup sekarang menghilangkan pekerjaan yang belum terkirim: DynoView tidak dapat menyimpannya untuk start berikutnya.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Free some space (or fix the drafts folder) and choose Try again; Cancel keeps the window open, to send the work or copy it elsewhere.</source>
        <translation>Kosongkan sebagian ruang (atau perbaiki folder draf) lalu pilih Coba lagi; Batal membiarkan jendela terbuka, untuk mengirim pekerjaan atau menyalinnya ke tempat lain.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Try again</source>
        <translation>Coba lagi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close without it</source>
        <translation>Tutup tanpa itu</translation>
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
        <translation>Sesi terakhir Anda meninggalkan pekerjaan yang belum dikirim di pembangun transaksi.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the builder (Ctrl+B) to carry on with it or discard it; nothing is sent until you say so.</source>
        <translation>Buka pembangun (Ctrl+B) untuk melanjutkan atau membuangnya; tidak ada yang dikirim sampai Anda memintanya.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open the builder</source>
        <translation>Buka pembangun</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Later</source>
        <translation>Nanti</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>an unknown time</source>
        <translation>waktu yang tidak diketahui</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Your last session&apos;s transaction was already applied: it is not unsent work.</source>
        <translation>Transaksi sesi terakhir Anda sudah diterapkan: ini bukan pekerjaan yang belum dikirim.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It was applied at {when} (token {token}), so the builder does not bring it back: executing it again would write it a second time. Open the builder (Ctrl+B) for its note; Action log shows its request.</source>
        <translation>Transaksi diterapkan pada {when} (token {token}), jadi pembuat transaksi tidak memulihkannya: menjalankannya lagi akan menulisnya untuk kedua kali. Buka pembuat transaksi (Ctrl+B) untuk catatannya; Log tindakan menampilkan permintaannya.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Your last session sent a transaction and its outcome is not known: it may have been written.</source>
        <translation>Sesi terakhir Anda mengirim sebuah transaksi dan hasilnya tidak diketahui: mungkin sudah tertulis.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It was sent at {when} (token {token}) and is back in the transaction builder. Open the builder (Ctrl+B) to see it, and check the items or the Action log before you send it again: Execute sends it again under the same token, which DynamoDB applies at most once within 10 minutes of its first send.</source>
        <translation>Transaksi dikirim pada {when} (token {token}) dan kembali ada di pembuat transaksi. Buka pembuat transaksi (Ctrl+B) untuk melihatnya, dan periksa item atau Log tindakan sebelum mengirimnya lagi: Jalankan akan mengirimnya lagi dengan token yang sama, yang diterapkan DynamoDB paling banyak sekali dalam 10 menit sejak pengiriman pertamanya.</translation>
    </message>
</context>
<context>
    <name>UpdateController</name>
    <message>
        <location filename="../../updates/controller.py" line="+99"/>
        <source>Your answer applies until DynoView closes.</source>
        <translation>Jawaban Anda berlaku sampai DynoView ditutup.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It could not be saved in {folder} ({error}), so the question comes back at the next start: make that folder writable (or free space on its disk), then answer it again.</source>
        <translation>Jawaban itu tidak dapat disimpan di {folder} ({error}), jadi pertanyaan muncul lagi saat mulai berikutnya: buat folder itu dapat ditulisi (atau kosongkan ruang di disknya), lalu jawab lagi.</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>{version} is not announced again until DynoView closes.</source>
        <translation>{version} tidak diumumkan lagi sampai DynoView ditutup.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skipping it could not be saved in {folder} ({error}), so it is announced again at the next start: make that folder writable (or free space on its disk), then skip it again.</source>
        <translation>Pilihan melewatinya tidak dapat disimpan di {folder} ({error}), jadi versi itu diumumkan lagi saat mulai berikutnya: buat folder itu dapat ditulisi (atau kosongkan ruang di disknya), lalu lewati lagi.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>You have the latest version ({version}).</source>
        <translation>Anda memakai versi terbaru ({version}).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The newest version, {version}, is the one you chose to skip.</source>
        <translation>Versi terbaru, {version}, adalah versi yang Anda pilih untuk dilewati.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not check for new versions: {error}.</source>
        <translation>Tidak dapat memeriksa versi baru: {error}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check for updates</source>
        <translation>Periksa pembaruan</translation>
    </message>
</context>
<context>
    <name>UpdateNotice</name>
    <message>
        <location filename="../../updates/notice.py" line="-19"/>
        <source>{APP_NAME} {version} is available. You have {current}.</source>
        <translation>{APP_NAME} {version} tersedia. Versi Anda {current}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its page says what changed and how to install it. {APP_NAME} does not install anything itself.</source>
        <translation>Halamannya menjelaskan perubahan dan cara memasangnya. {APP_NAME} tidak memasang apa pun sendiri.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open its page</source>
        <translation>Buka halamannya</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip this version</source>
        <translation>Lewati versi ini</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Later</source>
        <translation>Nanti</translation>
    </message>
</context>
<context>
    <name>UpdateSwitch</name>
    <message>
        <location filename="../../updates/settings_section.py" line="+32"/>
        <source>Check for new &amp;versions daily</source>
        <translation>Periksa &amp;versi baru setiap hari</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{APP_NAME} asks {host} for the number of the newest version, at most once a day, and sends nothing about you, your connections or your tables. It never installs anything.</source>
        <translation>{APP_NAME} menanyakan nomor versi terbaru kepada {host}, paling banyak sekali sehari, dan tidak mengirim apa pun tentang Anda, koneksi, atau tabel Anda. Aplikasi ini tidak pernah memasang apa pun.</translation>
    </message>
</context>
<context>
    <name>WindowRouter</name>
    <message>
        <location filename="../../window/router.py" line="+69"/>
        <source>Table {name} was deleted.</source>
        <translation>Tabel {name} telah dihapus.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Table {name} is not on this connection.</source>
        <translation>Tabel {name} tidak ada di koneksi ini.</translation>
    </message>
</context>
<context>
    <name>WindowStatus</name>
    <message>
        <location filename="../../window/status_bar.py" line="+24"/>
        <source>No reads yet</source>
        <translation>Belum ada pembacaan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last read: operation, consistency, capacity, duration</source>
        <translation>Pembacaan terakhir: operasi, konsistensi, kapasitas, durasi</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+36"/>
        <source>Not connected</source>
        <translation>Tidak terhubung</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Last read: </source>
        <translation>Pembacaan terakhir: </translation>
    </message>
</context>
<context>
    <name>WriteModeDialog</name>
    <message>
        <location filename="../../session/write_mode_dialog.py" line="+28"/>
        <source>Write to production?</source>
        <translation>Tulis ke produksi?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the account id &lt;b&gt;{account}&lt;/b&gt;</source>
        <translation>ID akun &lt;b&gt;{account}&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the connection name &lt;b&gt;{name}&lt;/b&gt;</source>
        <translation>nama koneksi &lt;b&gt;{name}&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;{name}&lt;/b&gt; is a production connection and opened read-only. To allow writes until you disconnect or switch back, type {what}.</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; adalah koneksi produksi dan dibuka hanya-baca. Untuk mengizinkan penulisan sampai Anda memutus koneksi atau beralih kembali, ketik {what}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>AWS account id</source>
        <translation>ID akun AWS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>account id</source>
        <translation>ID akun</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>connection name</source>
        <translation>nama koneksi</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Allow writes</source>
        <translation>Izinkan penulisan</translation>
    </message>
</context>
<context>
    <name>_StageDialog</name>
    <message>
        <location filename="../../items/value_dialogs.py" line="-253"/>
        <source>Stage</source>
        <extracomment>The dialog&apos;s fields that are kept: the text, and the form it is typed in (lines or JSON).</extracomment>
        <translation>Siapkan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stage the value (Ctrl+Enter); nothing is written until Review and send…</source>
        <translation>Siapkan nilai (Ctrl+Enter); tidak ada yang ditulis sampai Tinjau dan kirim…</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>This is your unsent edit of {name}, kept when DynoView closed at {when}: stage it, or discard it.</source>
        <translation>Ini editan {name} Anda yang belum dikirim, disimpan saat DynoView ditutup pada {when}: siapkan, atau buang.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The value has changed since: check that your edit does not undo that change.</source>
        <translation>Nilainya telah berubah sejak itu: periksa bahwa editan Anda tidak membatalkan perubahan itu.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discard it and start from the value as it is now</source>
        <translation>Buang dan mulai dari nilai saat ini</translation>
    </message>
</context>
<context>
    <name>accessible</name>
    <message>
        <location filename="../../accessible.py" line="+23"/>
        <source>Clear</source>
        <translation>Bersihkan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear the text</source>
        <translation>Bersihkan teks</translation>
    </message>
</context>
<context>
    <name>builder.action_list_view</name>
    <message>
        <location filename="../../builder/action_list_view.py" line="-68"/>
        <source>passed, not written</source>
        <translation>lolos, tidak ditulis</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>not written</source>
        <translation>tidak ditulis</translation>
    </message>
</context>
<context>
    <name>builder.code_export_view</name>
    <message>
        <location filename="../../builder/code_export_view.py" line="-82"/>
        <source>example() sends this form&apos;s transaction to the table with a new token: the same guarded write the builder would execute. Running the Python file calls it; the TypeScript module exports it (await example()).</source>
        <extracomment>Shown above the code, translated there (lupdate reads the literal context).</extracomment>
        <translation>example() mengirim transaksi formulir ini ke tabel dengan token baru: penulisan terjaga yang sama dengan yang akan dijalankan penyusun. Menjalankan file Python memanggilnya; modul TypeScript mengekspornya (await example()).</translation>
    </message>
</context>
<context>
    <name>builder.dialogs</name>
    <message>
        <location filename="../../builder/dialogs.py" line="-91"/>
        <source>Uses the default credential chain (environment, profile, SSO or role); no credentials are included.</source>
        <translation>Memakai rantai kredensial bawaan (environment, profil, SSO, atau role); tidak ada kredensial yang disertakan.</translation>
    </message>
</context>
<context>
    <name>builder.drafts_prompts</name>
    <message>
        <location filename="../../builder/drafts_prompts.py" line="-87"/>
        <source>Unsent work in the transaction builder</source>
        <extracomment>Set to True on the window when it closes without a person to answer (SIGTERM, SIGINT).</extracomment>
        <translation>Pekerjaan belum terkirim di pembangun transaksi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import over unsent actions</source>
        <translation>Impor di atas aksi yang belum dikirim</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open over unsent actions</source>
        <translation>Buka di atas aksi yang belum dikirim</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The transaction builder holds {describe}.</source>
        <translation>Pembangun transaksi berisi {describe}.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save as draft keeps the work as “{name}” (Drafts → Open draft…) and shows it again when DynoView starts. Discard throws it away.</source>
        <translation>Simpan sebagai draf menyimpan pekerjaan sebagai “{name}” (Draf → Buka draf…) dan menampilkannya lagi saat DynoView dimulai. Buang akan membuangnya.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save as draft</source>
        <translation>Simpan sebagai draf</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discard</source>
        <translation>Buang</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The draft could not be saved ({exc}), so DynoView stays open: export the request (Export) or try again.</source>
        <translation>Draf tidak dapat disimpan ({exc}), jadi DynoView tetap terbuka: ekspor permintaannya (Ekspor) atau coba lagi.</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Either way, Ctrl+Z undoes the import.</source>
        <translation>Apa pun pilihannya, Ctrl+Z mengurungkan impor.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Ctrl+Z undoes Replace or Append. Cancel leaves the builder as it is and keeps the new transaction as the draft “{name}” (Drafts → Open draft…).</source>
        <translation>Ctrl+Z mengurungkan Ganti atau Tambahkan. Batal membiarkan pembangun transaksi apa adanya dan menyimpan transaksi baru sebagai draf “{name}” (Draf → Buka draf…).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Replace</source>
        <translation>Ganti</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Append</source>
        <translation>Tambahkan</translation>
    </message>
</context>
<context>
    <name>builder.form_base</name>
    <message>
        <location filename="../../builder/form_base.py" line="-208"/>
        <source>Open in builder</source>
        <translation>Buka di pembangun transaksi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export as code…</source>
        <translation>&amp;Ekspor sebagai kode…</translation>
    </message>
</context>
<context>
    <name>builder.owner_read</name>
    <message>
        <location filename="../../builder/owner_read.py" line="+30"/>
        <source>Connect to the table first: the former owner is read before the release is built.</source>
        <translation>Hubungkan ke tabel terlebih dahulu: pemilik sebelumnya dibaca sebelum pelepasan disusun.</translation>
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
        <translation>Belum diperiksa. Jalankan menjalankan pemeriksaan awal dulu (pembacaan sangat konsisten atas setiap akun dan lock yang disentuh transaksi); Cek pemeriksaan awal (Ctrl+Shift+K) menjalankannya saja.</translation>
    </message>
</context>
<context>
    <name>builder.problems_view</name>
    <message>
        <location filename="../../builder/problems_view.py" line="-14"/>
        <source>Nothing to check yet: add an action (Add action) or start from a template (Templates), or import a request (Import JSON).</source>
        <translation>Belum ada yang diperiksa: tambah aksi (Tambah aksi) atau mulai dari templat (Templat), atau impor permintaan (Impor JSON).</translation>
    </message>
</context>
<context>
    <name>builder.side_tabs</name>
    <message>
        <location filename="../../builder/side_tabs.py" line="-31"/>
        <source>After this transaction</source>
        <translation>Setelah transaksi ini</translation>
    </message>
</context>
<context>
    <name>builder.template_forms</name>
    <message>
        <location filename="../../builder/template_forms.py" line="+150"/>
        <source>Change or delete the selection</source>
        <translation>Ubah atau hapus pilihan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repairs (each reads the table first, or says what it checks)</source>
        <translation>Perbaikan (masing-masing membaca tabel dulu, atau menyebutkan apa yang diperiksa)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not offered</source>
        <translation>Tidak ditawarkan</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Select an account or lock (in Items, Accounts &amp; locks or a diagnosis) to change, delete or repair it</source>
        <translation>Pilih akun atau lock (di Item, Akun &amp; lock, atau diagnosis) untuk mengubah, menghapus, atau memperbaikinya</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reading the account&apos;s locks (strongly consistent GetItem) to see which repairs apply…</source>
        <translation>Membaca lock akun (GetItem sangat konsisten) untuk melihat perbaikan yang berlaku…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Sign up (new account)…</source>
        <translation>Signup (akun baru)…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Change {rule} of {who} ({value})…</source>
        <translation>Ubah {rule} milik {who} ({value})…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Delete account {who} and its locks…</source>
        <translation>Hapus akun {who} beserta lock-nya…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Claim the missing {rule} lock of {who} ({shown})…</source>
        <translation>Klaim lock {rule} yang hilang milik {who} ({shown})…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Resolve duplicate {rule} {shown} of {who}…</source>
        <translation>Selesaikan duplikat {rule} {shown} milik {who}…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Release lock {who}…</source>
        <translation>Lepas lock {who}…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete item {who} (guarded)</source>
        <translation>Hapus item {who} (dijaga)</translation>
    </message>
</context>
<context>
    <name>builder.template_runner</name>
    <message>
        <location filename="../../builder/template_runner.py" line="-282"/>
        <source>Select an account or lock first (in Items, Accounts &amp; locks or a diagnosis): the templates act on the selection.</source>
        <translation>Pilih akun atau lock dulu (di Item, Akun &amp; lock, atau diagnosis): templat bekerja pada pilihan.</translation>
    </message>
</context>
<context>
    <name>builder.undo</name>
    <message>
        <location filename="../../builder/undo.py" line="-81"/>
        <source>Add action</source>
        <translation>Tambah aksi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add {old_count} actions</source>
        <translation>Tambah {old_count} aksi</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Remove action</source>
        <translation>Hapus aksi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove {new_count} actions</source>
        <translation>Hapus {new_count} aksi</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Change token</source>
        <translation>Ubah token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit</source>
        <translation>Edit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move action</source>
        <translation>Pindahkan aksi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit action {changed}</source>
        <translation>Edit aksi {changed}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit actions</source>
        <translation>Edit aksi</translation>
    </message>
</context>
<context>
    <name>codegen.read_code_dialog</name>
    <message>
        <location filename="../../codegen/read_code_dialog.py" line="-46"/>
        <source>The code sends the same request, reads every page and prints the items; it writes nothing.</source>
        <extracomment>The chooser&apos;s entries, in order: each language and which SDK or tool it uses.</extracomment>
        <translation>Kode ini mengirim permintaan yang sama, membaca setiap halaman, dan mencetak item-nya; tidak menulis apa pun.</translation>
    </message>
</context>
<context>
    <name>crash</name>
    <message>
        <location filename="../../crash.py" line="+12"/>
        <source>a new e-mail</source>
        <translation>email baru</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a new issue in your browser</source>
        <translation>issue baru di browser Anda</translation>
    </message>
</context>
<context>
    <name>items.base_items</name>
    <message>
        <location filename="../../items/base_items.py" line="+17"/>
        <source>The item {key} is no longer in {table}: nothing to edit. Run the read again.</source>
        <translation>Item {key} sudah tidak ada di {table}: tidak ada yang bisa diubah. Jalankan pembacaan lagi.</translation>
    </message>
</context>
<context>
    <name>items.detail</name>
    <message>
        <location filename="../../items/detail.py" line="-261"/>
        <source>
… cut here for display; Copy as JSON copies the whole item.</source>
        <translation>
… dipotong di sini untuk tampilan; Salin sebagai JSON menyalin seluruh item.</translation>
    </message>
</context>
<context>
    <name>items.read_form</name>
    <message>
        <location filename="../../items/read_form.py" line="-308"/>
        <source>(table)</source>
        <translation>(tabel)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Strong reads see every acknowledged write and cost twice as much as eventual reads.</source>
        <translation>Pembacaan kuat melihat setiap penulisan yang sudah dikonfirmasi dan biayanya dua kali pembacaan konsisten akhir.</translation>
    </message>
</context>
<context>
    <name>items.rows</name>
    <message>
        <location filename="../../items/rows.py" line="+35"/>
        <source>TTL status</source>
        <translation>Status TTL</translation>
    </message>
</context>
<context>
    <name>json_text</name>
    <message>
        <location filename="../../json_text.py" line="+59"/>
        <source>a no-break space (U+00A0), which this editor would read back as a space</source>
        <translation>spasi tak terputus (U+00A0), yang akan dibaca kembali oleh editor ini sebagai spasi</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a line separator (U+2028), which this editor would read back as a line break</source>
        <translation>pemisah baris (U+2028), yang akan dibaca kembali oleh editor ini sebagai pindah baris</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Line {line}, column {column} holds {what}: type it as \u{code} (a JSON escape) to keep it, or replace it.</source>
        <translation>Baris {line}, kolom {column} berisi {what}: ketik sebagai \u{code} (escape JSON) untuk mempertahankannya, atau ganti.</translation>
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
        <translation>Lock yang hilang</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Orphan lock</source>
        <translation>Lock yatim</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duplicate value</source>
        <translation>Nilai duplikat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expired</source>
        <translation>Kedaluwarsa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Case or normalisation clash</source>
        <translation>Tabrakan huruf atau normalisasi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lookalike clash</source>
        <translation>Tabrakan nilai mirip</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No value</source>
        <translation>Tanpa nilai</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>stuck signup</source>
        <translation>signup yang macet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>left behind by a change</source>
        <translation>tertinggal oleh perubahan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>left by a deleted account</source>
        <translation>ditinggalkan akun yang dihapus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>origin unknown</source>
        <translation>asal tak diketahui</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>strong</source>
        <translation>kuat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>eventual</source>
        <translation>akhir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mixed</source>
        <translation>campuran</translation>
    </message>
</context>
<context>
    <name>locks.diagnose_flow</name>
    <message>
        <location filename="../../locks/diagnose_flow.py" line="+32"/>
        <source>Type the value to diagnose (an email or a username).</source>
        <translation>Ketik nilai yang didiagnosis (email atau username).</translation>
    </message>
</context>
<context>
    <name>locks.export</name>
    <message>
        <location filename="../../locks/export.py" line="+32"/>
        <source>Export audit findings</source>
        <translation>Ekspor temuan audit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export audit report</source>
        <translation>Ekspor laporan audit</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Run the audit first: there is nothing to export yet.</source>
        <translation>Jalankan audit dulu: belum ada yang bisa diekspor.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The audit was cancelled: the file covers only the items read.</source>
        <translation>Audit dibatalkan: berkas hanya mencakup item yang terbaca.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export cancelled: {path} was left as it was.</source>
        <translation>Ekspor dibatalkan: {path} dibiarkan seperti semula.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export cancelled: no file was written to {path}.</source>
        <translation>Ekspor dibatalkan: tidak ada berkas yang ditulis ke {path}.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>An export is already being written to {path}: wait for it to finish, or cancel it, before exporting again.</source>
        <translation>Sebuah ekspor sedang ditulis ke {path}: tunggu sampai selesai, atau batalkan, sebelum mengekspor lagi.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The audit was not exported: {reason}</source>
        <translation>Audit tidak diekspor: {reason}</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Export failed</source>
        <translation>Ekspor gagal</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Exported every finding the grid shows ({count}): the audit&apos;s, with the changes Live mode applied since ({cleared} resolved, {added} new or changed), to {path}; the window&apos;s filter and search do not apply.</source>
        <translation>Semua temuan yang ditampilkan grid ({count}) telah diekspor: temuan audit, dengan perubahan yang diterapkan mode Live sejak itu ({cleared} terselesaikan, {added} baru atau berubah), ke {path}; filter dan pencarian jendela tidak berlaku.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Exported every finding of the audit ({count}) to {path}; the window&apos;s filter and search do not apply.</source>
        <translation>Semua temuan audit ({count}) diekspor ke {path}; filter dan pencarian jendela tidak berlaku.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The audit was not exported: {path} could not be written ({reason}). Choose a folder that exists and that you can write to.</source>
        <translation>Audit tidak diekspor: {path} tidak dapat ditulis ({reason}). Pilih folder yang ada dan dapat Anda tulisi.</translation>
    </message>
    <message>
        <location filename="../../locks/export_flow.py" line="+138"/>
        <source>Cancelling…</source>
        <extracomment>An export done sooner shows no progress at all (most audits&apos; files take a few ms). At most this often the writer&apos;s progress reaches the UI thread.</extracomment>
        <translation>Membatalkan…</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Writing {done} of {total} findings</source>
        <translation>Menulis {done} dari {total} temuan</translation>
    </message>
</context>
<context>
    <name>locks.layout</name>
    <message>
        <location filename="../../locks/layout.py" line="-175"/>
        <source>All rows</source>
        <translation>Semua baris</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Problems only</source>
        <translation>Hanya masalah</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No audit yet: run the full audit to pair accounts with locks.</source>
        <translation>Belum ada audit: jalankan audit penuh untuk memasangkan akun dengan lock.</translation>
    </message>
</context>
<context>
    <name>locks.live_mode</name>
    <message>
        <location filename="../../locks/live_mode.py" line="-314"/>
        <source>Live: follow the table&apos;s stream and update the rows as writes arrive; new problems are marked and counted ({LIVE_KEY})</source>
        <extracomment>Events of the grid&apos;s update at Live&apos;s start applied per turn of the event loop (a replay&apos;s page of records is as many).</extracomment>
        <translation>Langsung: ikuti stream tabel dan perbarui baris saat penulisan masuk; masalah baru ditandai dan dihitung ({LIVE_KEY})</translation>
    </message>
</context>
<context>
    <name>locks.live_records</name>
    <message>
        <location filename="../../locks/live_records.py" line="-25"/>
        <source>&lt;p&gt;No stream record has changed this row since Live mode started.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Tidak ada record stream yang mengubah baris ini sejak mode langsung dimulai.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>locks.model</name>
    <message>
        <location filename="../../locks/model.py" line="-289"/>
        <source>stale: re-run the audit</source>
        <extracomment>The roles ``data`` answers: any other is None at once.</extracomment>
        <translation>usang: jalankan ulang audit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A transaction wrote this item after the audit, so this row may be wrong: re-run the audit.</source>
        <translation>Sebuah transaksi menulis item ini setelah audit, jadi baris ini mungkin salah: jalankan ulang audit.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Live: a problem appeared since Live mode started. Right-click → Stream records… shows the writes.</source>
        <translation>Live: sebuah masalah muncul sejak mode Live dimulai. Klik kanan → Rekaman stream… menampilkan penulisannya.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Live: its problems were resolved since Live mode started. Right-click → Stream records… shows the writes.</source>
        <translation>Live: masalahnya terselesaikan sejak mode Live dimulai. Klik kanan → Rekaman stream… menampilkan penulisannya.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Live: its problems were resolved after the audit and before Live mode started (the grid was brought in line as Live started).</source>
        <translation>Live: masalahnya terselesaikan setelah audit dan sebelum mode Live dimulai (grid diselaraskan saat Live dimulai).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(no account)</source>
        <translation>(tanpa akun)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Found while the audit reads the table: the full view comes when every segment is read.</source>
        <translation>Ditemukan saat audit membaca tabel: tampilan lengkap muncul setelah semua segmen dibaca.</translation>
    </message>
</context>
<context>
    <name>locks.repair_dialog</name>
    <message>
        <location filename="../../locks/repair_dialog.py" line="+31"/>
        <source>Run the full audit first: Repair all works on its findings.</source>
        <translation>Jalankan audit penuh dulu: Perbaiki semua bekerja pada temuannya.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The audit is of {table}; run it on {name} first.</source>
        <translation>Audit ini untuk {table}; jalankan pada {name} dulu.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The schema changed since the audit: run the full audit again, then Repair all.</source>
        <translation>Skema berubah sejak audit: jalankan audit penuh lagi, lalu Perbaiki semua.</translation>
    </message>
</context>
<context>
    <name>locks.repair_model</name>
    <message>
        <location filename="../../locks/repair_model.py" line="-63"/>
        <source>Finding</source>
        <translation>Temuan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rule</source>
        <translation>Aturan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value</source>
        <translation>Nilai</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accounts</source>
        <translation>Akun</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repair</source>
        <translation>Perbaikan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>Hasil</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>release the lock</source>
        <translation>lepas lock</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>claim the lock</source>
        <translation>klaim lock</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a person decides</source>
        <translation>diputuskan orang</translation>
    </message>
</context>
<context>
    <name>locks.repairs</name>
    <message>
        <location filename="../../locks/repairs.py" line="+33"/>
        <source> — stale: the table was written since, re-run the audit</source>
        <translation> — usang: tabel sudah ditulis sejak itu, jalankan ulang audit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No account holds it, according to the audit{note}.</source>
        <translation>Tidak ada akun yang memegangnya, menurut audit{note}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No account holds this spelling, according to the audit{note}. Accounts holding another spelling of it, each with its own lock: {accounts}.</source>
        <translation>Tidak ada akun yang memegang ejaan ini, menurut audit{note}. Akun yang memegang ejaan lain darinya, masing-masing dengan kuncinya sendiri: {accounts}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+42"/>
        <source>none</source>
        <translation>tidak ada</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>No account holds it, according to the diagnosis.</source>
        <translation>Tidak ada akun yang memegangnya, menurut diagnosis.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No account holds this spelling, according to the diagnosis. Accounts holding another spelling of it, each with its own lock: {accounts}.</source>
        <translation>Tidak ada akun yang memegang ejaan ini, menurut diagnosis. Akun yang memegang ejaan lain darinya, masing-masing dengan kuncinya sendiri: {accounts}.</translation>
    </message>
</context>
<context>
    <name>locks.text</name>
    <message>
        <location filename="../../locks/text.py" line="-24"/>
        <source>{pk_name} begins with {account_pk_prefix}</source>
        <extracomment>The details show this many characters of a value, id or lock key, then its length. A finding&apos;s sentence (core&apos;s, which may quote whole values) is cut past this many characters.</extracomment>
        <translation>{pk_name} diawali {account_pk_prefix}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;b&gt;Schema&lt;/b&gt; ({escape}): accounts where {escape2}. Rules: {escape3}.</source>
        <translation>&lt;b&gt;Skema&lt;/b&gt; ({escape}): akun dengan {escape2}. Aturan: {escape3}.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>capacity not reported</source>
        <translation>kapasitas tidak dilaporkan</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>strong reads</source>
        <translation>pembacaan kuat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>eventual reads</source>
        <translation>pembacaan konsisten akhir</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Edit schema…, or Detect from sample</source>
        <translation>Ubah skema…, atau Deteksi dari sampel</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>… ({count} characters)</source>
        <translation>… ({count} karakter)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>… ({count} more characters)</source>
        <translation>… ({count} karakter lagi)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>… (cut here: {count} more characters)</source>
        <translation>… (dipotong di sini: {count} karakter lagi)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A lock with no account</source>
        <translation>Lock tanpa akun</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;p&gt;&lt;b&gt;Stale: a transaction wrote this item after the audit; re-run the audit to see its state now.&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Usang: sebuah transaksi menulis item ini setelah audit; jalankan ulang audit untuk melihat keadaannya sekarang.&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>(no value)</source>
        <translation>(tanpa nilai)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;p&gt;Every value has its lock: nothing to do.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Setiap nilai punya lock-nya: tidak ada yang perlu dilakukan.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&lt;p&gt;&lt;b&gt;Stale: the table was written since this answer; press Diagnose again.&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Usang: tabel sudah ditulis sejak jawaban ini; tekan Diagnosis lagi.&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;p&gt;Where the lock came from: &lt;b&gt;{escape}&lt;/b&gt;. {escape2}&lt;/p&gt;</source>
        <translation>&lt;p&gt;Asal lock: &lt;b&gt;{escape}&lt;/b&gt;. {escape2}&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>scans.collections_model</name>
    <message>
        <location filename="../../scans/collections_model.py" line="-72"/>
        <source>Partition key</source>
        <translation>Partition key</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items</source>
        <translation>Item</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table bytes</source>
        <translation>Byte tabel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LSI bytes</source>
        <translation>Byte LSI</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Of 10 GB limit</source>
        <translation>Dari batas 10 GB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hot?</source>
        <translation>Panas?</translation>
    </message>
</context>
<context>
    <name>scans.controller</name>
    <message>
        <location filename="../../scans/controller.py" line="+24"/>
        <source>Scan cancelled.</source>
        <translation>Scan dibatalkan.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled: still showing the previous results.</source>
        <translation>Dibatalkan: hasil sebelumnya tetap ditampilkan.</translation>
    </message>
</context>
<context>
    <name>scans.sizes</name>
    <message>
        <location filename="../../scans/sizes.py" line="+15"/>
        <source>{size} KB</source>
        <translation>{size} KB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{size} MB</source>
        <translation>{size} MB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{size} GB</source>
        <translation>{size} GB</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{size} bytes</source>
        <extracomment>A size under 1 KB; French writes &quot;{size} octets&quot;.</extracomment>
        <translation>{size} bita</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{number}%</source>
        <extracomment>A percentage; French puts a no-break space before the sign: &quot;{number} %&quot;.</extracomment>
        <translation>{number}%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>under {share}</source>
        <extracomment>A share too small to show with two decimals, e.g. &quot;under 0.01%&quot;.</extracomment>
        <translation>di bawah {share}</translation>
    </message>
</context>
<context>
    <name>scans.ttl_timeline_panel</name>
    <message>
        <location filename="../../scans/ttl_timeline_panel.py" line="-308"/>
        <source>DynamoDB deletes expired items in a background sweep, typically within a few days: until then they are still read, so check expiry at read time.</source>
        <translation>DynamoDB menghapus item kedaluwarsa lewat proses latar belakang, biasanya dalam beberapa hari: sampai saat itu item masih ikut terbaca, jadi periksa kedaluwarsa saat membaca.</translation>
    </message>
</context>
<context>
    <name>settings</name>
    <message>
        <location filename="../../settings.py" line="+118"/>
        <source>The settings file {path} could not be read ({strerror}); DynoView starts with default settings and will not save them.</source>
        <translation>Berkas pengaturan {path} tidak dapat dibaca ({strerror}); DynoView dimulai dengan pengaturan bawaan dan tidak akan menyimpannya.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The settings file {path} is damaged and could not be moved aside ({strerror}); DynoView uses default settings. Delete the file to start clean.</source>
        <translation>Berkas pengaturan {path} rusak dan tidak dapat dipindahkan ({strerror}); DynoView memakai pengaturan bawaan. Hapus berkas itu untuk mulai bersih.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The settings file was damaged and has been set aside as {moved}. DynoView started with default settings: saved connections and the window layout are reset. The old file is kept in case you want to recover something from it.</source>
        <translation>Berkas pengaturan rusak dan sudah disisihkan sebagai {moved}. DynoView dimulai dengan pengaturan bawaan: koneksi tersimpan dan tata letak jendela diatur ulang. Berkas lama disimpan jika Anda ingin memulihkan sesuatu darinya.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The saved connections could not be read, so none is shown; they are kept as they were in {path}.</source>
        <translation>Koneksi tersimpan tidak dapat dibaca, jadi tidak ada yang ditampilkan; koneksi itu disimpan apa adanya di {path}.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The saved connections as they were are kept in {path}.</source>
        <translation>Koneksi tersimpan sebagaimana adanya disimpan di {path}.</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>The user name and password in the endpoint URL are not saved: type them in the endpoint again each time you connect.</source>
        <translation>Nama pengguna dan kata sandi dalam URL endpoint tidak disimpan: ketik lagi di endpoint setiap kali Anda terhubung.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Could not save the theme to {path}: {reason}. The theme applies until you quit; choose it again once the settings folder can be written.</source>
        <translation>Tema tidak dapat disimpan ke {path}: {reason}. Tema berlaku sampai Anda keluar; pilih lagi setelah folder pengaturan dapat ditulis.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Could not save {what} to {path}: {reason}. The setting saved before still applies; press OK again once the settings folder can be written, or Cancel.</source>
        <translation>{what} tidak dapat disimpan ke {path}: {reason}. Pengaturan yang disimpan sebelumnya tetap berlaku; tekan OK lagi setelah folder pengaturan dapat ditulis, atau Batal.</translation>
    </message>
    <message>
        <location filename="../../session/production_patterns.py" line="+40"/>
        <source>the production patterns</source>
        <translation>pola produksi</translation>
    </message>
    <message>
        <location filename="../../settings.py" line="+23"/>
        <source>the language</source>
        <translation>bahasa</translation>
    </message>
    <message>
        <location filename="../../settings_save.py" line="+75"/>
        <source>The settings could not be saved: another DynoView window kept the settings file {path} locked. Try again; if it keeps happening, close the other DynoView windows.</source>
        <translation>Pengaturan tidak dapat disimpan: jendela DynoView lain mengunci file pengaturan {path}. Coba lagi; jika terus terjadi, tutup jendela DynoView lainnya.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>another DynoView window kept it locked</source>
        <translation>jendela DynoView lain menguncinya</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>the file is damaged; restart DynoView to set it aside</source>
        <translation>file rusak; mulai ulang DynoView untuk menyisihkannya</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>{why} DynoView uses a copy of the settings file {path} for this session: settings changed now are lost when it quits.</source>
        <translation>{why} DynoView memakai salinan file pengaturan {path} untuk sesi ini: pengaturan yang diubah sekarang hilang saat DynoView ditutup.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>the folder is on a read-only disk</source>
        <translation>folder berada di disk hanya-baca</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the disk is full</source>
        <translation>disk penuh</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the disk may be full, or the folder not writable</source>
        <translation>disk mungkin penuh, atau folder tidak dapat ditulisi</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The change could not be saved to the settings file {path} ({reason}). The settings saved before are kept as they were.</source>
        <translation>Perubahan tidak dapat disimpan ke file pengaturan {path} ({reason}). Pengaturan yang disimpan sebelumnya tetap seperti semula.</translation>
    </message>
</context>
<context>
    <name>shortcuts</name>
    <message>
        <location filename="../../shortcuts.py" line="-159"/>
        <source>Anywhere</source>
        <translation>Di mana saja</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Items tab</source>
        <translation>Tab Item</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accounts &amp; locks tab</source>
        <translation>Tab Akun &amp; lock</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transaction builder tab</source>
        <translation>Tab Pembangun transaksi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PartiQL tab</source>
        <translation>Tab PartiQL</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Connect: saved connections, AWS profiles, the demo</source>
        <translation>Hubungkan: koneksi tersimpan, profil AWS, demo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Command palette: open a table or run a command by name</source>
        <translation>Palet perintah: buka tabel atau jalankan perintah menurut nama</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switch table: type to filter the table list, Enter opens</source>
        <translation>Ganti tabel: ketik untuk memfilter daftar tabel, Enter membuka</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reload the list of tables</source>
        <translation>Muat ulang daftar tabel</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the read (Scan or Query)</source>
        <translation>Jalankan pembacaan (Scan atau Query)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop the read in progress</source>
        <translation>Hentikan pembacaan yang berjalan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the next page</source>
        <translation>Muat halaman berikutnya</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the selected item as JSON</source>
        <translation>Salin item terpilih sebagai JSON</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This table&apos;s saved and recent reads: run one again</source>
        <translation>Pembacaan tersimpan dan terbaru tabel ini: jalankan salah satunya lagi</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edit the current cell in place: the change is staged (a double click too)</source>
        <translation>Edit sel saat ini di tempat: perubahan disiapkan (juga dengan klik ganda)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Undo the last change to the staged cells</source>
        <translation>Urungkan perubahan terakhir pada sel yang disiapkan</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the selected item (a guarded Delete, in the builder)</source>
        <translation>Hapus item terpilih (Delete yang dijaga, di pembangun transaksi)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open the transaction builder</source>
        <translation>Buka pembangun transaksi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Execute the transaction shown in the preview (the preflight runs first)</source>
        <translation>Jalankan transaksi yang tampil di pratinjau (pemeriksaan awal berjalan dulu)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show the accounts and locks after this transaction, without sending it</source>
        <translation>Tampilkan akun dan lock setelah transaksi ini, tanpa mengirimnya</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Move the selected action up</source>
        <translation>Naikkan aksi terpilih</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move the selected action down</source>
        <translation>Turunkan aksi terpilih</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Undo the last edit of the transaction (in a field too)</source>
        <translation>Urungkan edit terakhir pada transaksi (juga di dalam kolom isian)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Redo the edit undone last</source>
        <translation>Ulangi edit yang terakhir diurungkan</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the PartiQL statement (SELECT)</source>
        <translation>Jalankan statement PartiQL (SELECT)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop the statement in progress</source>
        <translation>Hentikan statement yang berjalan</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load more of the result (NextToken)</source>
        <translation>Muat lebih banyak hasil (NextToken)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Complete a keyword, table or attribute name</source>
        <translation>Lengkapi kata kunci, nama tabel, atau nama atribut</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live mode: follow the table&apos;s stream and update the rows as writes arrive</source>
        <translation>Mode langsung: ikuti stream tabel dan perbarui baris saat penulisan masuk</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Go to the search (values or account ids)</source>
        <translation>Ke pencarian (nilai atau id akun)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show tab 1, 2, 3… in the order of the tabs (Items is 1)</source>
        <translation>Tampilkan tab 1, 2, 3… sesuai urutan tab (Item adalah 1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show this list of shortcuts</source>
        <translation>Tampilkan daftar pintasan ini</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Quit DynoView</source>
        <translation>Keluar dari DynoView</translation>
    </message>
</context>
<context>
    <name>stream.controls</name>
    <message>
        <location filename="../../stream/controls.py" line="-112"/>
        <source>Oldest kept (trim horizon, up to 24 h back)</source>
        <translation>Terlama yang tersimpan (trim horizon, hingga 24 jam lalu)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Latest (only new records)</source>
        <translation>Terbaru (hanya record baru)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At sequence number</source>
        <translation>Pada nomor urut</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>After sequence number</source>
        <translation>Setelah nomor urut</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All events</source>
        <translation>Semua event</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inserts</source>
        <translation>Penyisipan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Modifications</source>
        <translation>Modifikasi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>User deletes</source>
        <translation>Penghapusan pengguna</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TTL expiries</source>
        <translation>Kedaluwarsa TTL</translation>
    </message>
</context>
<context>
    <name>stream.events_model</name>
    <message>
        <location filename="../../stream/events_model.py" line="+27"/>
        <source>Time (UTC)</source>
        <translation>Waktu (UTC)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Event</source>
        <translation>Event</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What happened</source>
        <translation>Yang terjadi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys</source>
        <translation>Tombol</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Changes</source>
        <translation>Perubahan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sequence number</source>
        <translation>Nomor urut</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shard</source>
        <translation>Shard</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>A new item was written.</source>
        <translation>Item baru ditulis.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An existing item changed; the diff shows how.</source>
        <translation>Item yang ada berubah; diff menunjukkan caranya.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deleted by a request (a user or an application), not by TTL.</source>
        <translation>Dihapus oleh permintaan (pengguna atau aplikasi), bukan oleh TTL.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DynamoDB deleted this item because its TTL passed: a service delete whose userIdentity principal is dynamodb.amazonaws.com.</source>
        <translation>DynamoDB menghapus item ini karena TTL-nya lewat: penghapusan layanan dengan principal userIdentity dynamodb.amazonaws.com.</translation>
    </message>
</context>
<context>
    <name>stream.record_view</name>
    <message>
        <location filename="../../stream/record_view.py" line="-89"/>
        <source>Select a record to see what changed.</source>
        <translation>Pilih record untuk melihat perubahannya.</translation>
    </message>
</context>
<context>
    <name>tables.create_dialog</name>
    <message>
        <location filename="../../tables/create_dialog.py" line="-223"/>
        <source>The article&apos;s layout: keys PK and SK, the email-index GSI on email, TTL on expiresAt, a NEW_AND_OLD_IMAGES stream, on-demand capacity</source>
        <translation>Tata letak artikel: key PK dan SK, GSI email-index pada email, TTL pada expiresAt, stream NEW_AND_OLD_IMAGES, kapasitas on-demand</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Connect to a local endpoint (such as DynamoDB Local) to {action}.</source>
        <translation>Hubungkan ke endpoint lokal (seperti DynamoDB Local) untuk {action}.</translation>
    </message>
</context>
<context>
    <name>theme</name>
    <message>
        <location filename="../../theme.py" line="+39"/>
        <source>Follow &amp;system</source>
        <translation>Ikuti &amp;sistem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Light</source>
        <translation>&amp;Terang</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>&amp;Gelap</translation>
    </message>
</context>
<context>
    <name>transfer.export_controller</name>
    <message>
        <location filename="../../transfer/export_controller.py" line="-96"/>
        <source>Export cancelled: no file was written.</source>
        <translation>Ekspor dibatalkan: tidak ada berkas yang ditulis.</translation>
    </message>
</context>
<context>
    <name>transfer.file_field</name>
    <message>
        <location filename="../../transfer/file_field.py" line="+27"/>
        <source>The path holds {char} at character {position}: no file name should. Type the path again without it.</source>
        <translation>Jalur berisi {char} pada karakter ke-{position}: nama berkas tidak semestinya berisi itu. Ketik lagi jalurnya tanpa karakter itu.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The name {name} is {size} bytes long; a file or folder name holds at most {limit}. Give a shorter name.</source>
        <translation>Nama {name} panjangnya {size} byte; nama berkas atau folder paling banyak {limit}. Beri nama yang lebih pendek.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The path is {size} bytes long; the system takes at most {limit}. Give a shorter path.</source>
        <translation>Jalur panjangnya {size} byte; sistem menerima paling banyak {limit}. Beri jalur yang lebih pendek.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} starts with {user}, which names no user here: write the whole path, or ~/ for your home folder.</source>
        <translation>{path} diawali {user}, yang bukan nama pengguna di sini: tulis jalur lengkapnya, atau ~/ untuk folder rumah Anda.</translation>
    </message>
</context>
<context>
    <name>window.about_dialog</name>
    <message>
        <location filename="../../window/about_dialog.py" line="-71"/>
        <source>not installed</source>
        <translation>tidak terpasang</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>moto (demo backend)</source>
        <translation>moto (backend demo)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System</source>
        <translation>Sistem</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Licence: {licence}</source>
        <translation>Lisensi: {licence}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Settings: {settings_path}</source>
        <translation>Pengaturan: {settings_path}</translation>
    </message>
</context>
<context>
    <name>window.command_palette</name>
    <message>
        <location filename="../../window/command_palette.py" line="-138"/>
        <source>Table</source>
        <translation>Tabel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recent table</source>
        <translation>Tabel terbaru</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command</source>
        <translation>Perintah</translation>
    </message>
</context>
<context>
    <name>window.connection_dialog</name>
    <message>
        <location filename="../../window/connection_dialog.py" line="-324"/>
        <source>Demo (embedded, no AWS account)</source>
        <translation>Demo (tertanam, tanpa akun AWS)</translation>
    </message>
    <message>
        <location line="+337"/>
        <source>Send in clear text?</source>
        <translation>Kirim tanpa enkripsi?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Send in clear text (http://) to {host}</source>
        <translation>Kirim tanpa enkripsi (http://) ke {host}</translation>
    </message>
</context>
<context>
    <name>window.error_box</name>
    <message>
        <location filename="../../window/error_box.py" line="-31"/>
        <source>Try the same connection again</source>
        <translation>Coba koneksi yang sama lagi</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connect…</source>
        <translation>Hubungkan…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose another endpoint, profile or region</source>
        <translation>Pilih endpoint, profil, atau region lain</translation>
    </message>
</context>
<context>
    <name>window.feature_tabs</name>
    <message>
        <location filename="../../window/feature_tabs.py" line="-40"/>
        <source>Accounts &amp;&amp; locks</source>
        <translation>Akun &amp;&amp; lock</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transaction builder</source>
        <translation>Pembangun transaksi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stream</source>
        <translation>Stream</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TTL timeline</source>
        <translation>Linimasa TTL</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Capacity &amp;&amp; partitions</source>
        <translation>Kapasitas &amp;&amp; partisi</translation>
    </message>
</context>
<context>
    <name>window.menus</name>
    <message>
        <location filename="../../window/menus.py" line="+145"/>
        <source>&amp;Help</source>
        <translation>Ba&amp;ntuan</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Pintasan keyboard</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Check for &amp;updates…</source>
        <translation>Periksa pembar&amp;uan…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;About {APP_NAME}</source>
        <translation>&amp;Tentang {APP_NAME}</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>&amp;File</source>
        <extracomment>The window&apos;s members that its menus&apos; contents set.</extracomment>
        <translation>&amp;Berkas</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Open &amp;recent table</source>
        <translation>Buka tabel &amp;terbaru</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Connect…</source>
        <translation>&amp;Hubungkan…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Command &amp;palette…</source>
        <translation>&amp;Palet perintah…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>&amp;Keluar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Audit an &amp;export…</source>
        <translation>Audit &amp;ekspor…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Create &amp;table…</source>
        <translation>B&amp;uat tabel…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Delete table…</source>
        <translation>Hapus ta&amp;bel…</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>&amp;View</source>
        <translation>&amp;Tampilan</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Re&amp;fresh tables</source>
        <translation>&amp;Muat ulang tabel</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Switch &amp;table</source>
        <translation>&amp;Ganti tabel</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Tab {number}</source>
        <translation>Tab {number}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open transaction &amp;builder</source>
        <translation>Buka &amp;pembangun transaksi</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>T&amp;heme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>No recent tables on this connection</source>
        <translation>Tidak ada tabel terbaru di koneksi ini</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Run the read</source>
        <translation>Jalankan pembacaan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the next page</source>
        <translation>Muat halaman berikutnya</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy the selected item as JSON</source>
        <translation>Salin item terpilih sebagai JSON</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit the selected item</source>
        <translation>Edit item terpilih</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the selected item</source>
        <translation>Hapus item terpilih</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Diagnose a value (is it locked, and by whom?)</source>
        <translation>Diagnosis nilai (apakah ter-lock, dan oleh siapa?)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the accounts &amp; locks audit</source>
        <translation>Jalankan audit akun &amp; lock</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit the uniqueness schema</source>
        <translation>Edit skema keunikan</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Template: {rstrip}</source>
        <translation>Templat: {rstrip}</translation>
    </message>
</context>
<context>
    <name>window.read_log</name>
    <message>
        <location filename="../../window/read_log.py" line="-223"/>
        <source>Time</source>
        <translation>Waktu</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Operation</source>
        <translation>Operasi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table / index</source>
        <translation>Tabel / indeks</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Consistency</source>
        <translation>Konsistensi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capacity</source>
        <translation>Kapasitas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Count</source>
        <translation>Jumlah</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Scanned</source>
        <translation>Di-scan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duration</source>
        <translation>Durasi</translation>
    </message>
</context>
<context>
    <name>window.tables_panel</name>
    <message>
        <location filename="../../window/tables_panel.py" line="-162"/>
        <source>create a table</source>
        <translation>buat tabel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delete a table</source>
        <translation>hapus tabel</translation>
    </message>
</context>
<context>
    <name>window.title</name>
    <message>
        <location filename="../../window/title.py" line="+35"/>
        <source>  WRITE MODE</source>
        <translation>  MODE TULIS</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  (placeholder keys)</source>
        <translation>  (key placeholder)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>  UNENCRYPTED</source>
        <translation>  TIDAK TERENKRIPSI</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Warning: {sentence}</source>
        <translation>Peringatan: {sentence}</translation>
    </message>
</context>
</TS>
