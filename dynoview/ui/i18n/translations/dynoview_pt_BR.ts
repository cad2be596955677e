<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../window/about_dialog.py" line="+81"/>
        <source>About {APP_NAME}</source>
        <translation>Sobre o {APP_NAME}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;h2 style=&apos;margin:0&apos;&gt;{APP_NAME} {version__}&lt;/h2&gt;&lt;p&gt;A desktop explorer for Amazon DynamoDB tables that hold uniqueness locks: browse, diagnose stuck signups, repair with previewed transactions.&lt;/p&gt;</source>
        <translation>&lt;h2 style=&apos;margin:0&apos;&gt;{APP_NAME} {version__}&lt;/h2&gt;&lt;p&gt;Um explorador desktop para tabelas do Amazon DynamoDB com bloqueios de unicidade: navegue, diagnostique cadastros travados e repare com transações pré-visualizadas.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Licence</source>
        <translation>Licença</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Settings file</source>
        <translation>Arquivo de configurações</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy details</source>
        <translation>Copiar detalhes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the versions above, e.g. for a bug report</source>
        <translation>Copiar as versões acima, por exemplo para um relatório de bug</translation>
    </message>
</context>
<context>
    <name>ActionEditor</name>
    <message>
        <location filename="../../builder/editors.py" line="+105"/>
        <source>Key</source>
        <translation>Chave</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Item (typed attributes)</source>
        <translation>Item (atributos tipados)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edit expressions as raw text</source>
        <translation>Editar expressões como texto bruto</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Action</source>
        <translation>Ação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table</source>
        <translation>Tabela</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return values on condition failure</source>
        <translation>Retorno se a condição falhar</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+5"/>
        <source>Update expression</source>
        <translation>Expressão de atualização</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Add update step</source>
        <translation>Adicionar passo de atualização</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SET #n0 = :v0 REMOVE #n1</source>
        <translation>SET #n0 = :v0 REMOVE #n1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Condition</source>
        <translation>Condição</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add condition</source>
        <translation>Adicionar condição</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Condition expression</source>
        <translation>Expressão de condição</translation>
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
        <translation>caminho do atributo, ex.: email ou address.city</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>SET forms: value, if_not_exists(path, value), list_append(path, value), path + value, path - value</source>
        <translation>Formas do SET: valor, if_not_exists(caminho, valor), list_append(caminho, valor), caminho + valor, caminho - valor</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>value</source>
        <translation>valor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Update clause</source>
        <translation>Cláusula de atualização</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+17"/>
        <source>Attribute path</source>
        <translation>Caminho do atributo</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>SET form</source>
        <translation>Forma do SET</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+17"/>
        <source>Value type</source>
        <translation>Tipo do valor</translation>
    </message>
    <message>
        <location line="-17"/>
        <location line="+17"/>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>attribute path</source>
        <translation>caminho do atributo</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>value (BETWEEN, IN: values separated by |)</source>
        <translation>valor (BETWEEN, IN: valores separados por |)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Join with</source>
        <translation>Unir com</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Kept as raw text: {problem}</source>
        <translation>Mantido como texto bruto: {problem}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Kept as raw text: {problem} Fix the text, or keep editing it as text.</source>
        <translation>Mantido como texto bruto: {problem} Corrija o texto ou continue a editá-lo como texto.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kept as raw text: no expression uses {placeholders}, and the rows would drop them. Remove them from the maps, or keep editing as text.</source>
        <translation>Mantido como texto bruto: nenhuma expressão usa {placeholders}, e as linhas os descartariam. Remova-os dos mapas ou continue editando como texto.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kept as raw text: the rows cannot show these expressions exactly (rows are single conditions joined left to right, and update steps that each act on one attribute with one value). Keep editing them as text.</source>
        <translation>Mantido como texto bruto: as linhas não mostram estas expressões exatamente (condições simples unidas da esquerda para a direita e passos de atualização que agem cada um sobre um atributo com um valor). Continue editando como texto.</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>ExpressionAttributeNames is a JSON object such as {&quot;#n0&quot;: &quot;email&quot;}; fix the text.</source>
        <translation>ExpressionAttributeNames é um objeto JSON como {&quot;#n0&quot;: &quot;email&quot;}; corrija o texto.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>ExpressionAttributeValues is a JSON object such as {&quot;:v0&quot;: {&quot;S&quot;: &quot;x&quot;}}; fix the text.</source>
        <translation>ExpressionAttributeValues é um objeto JSON como {&quot;:v0&quot;: {&quot;S&quot;: &quot;x&quot;}}; corrija o texto.</translation>
    </message>
</context>
<context>
    <name>ActionListView</name>
    <message>
        <location filename="../../builder/action_list_view.py" line="+50"/>
        <source>Actions</source>
        <translation>Ações</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>No actions yet: Add action, a template (Templates) or a request (Import JSON…) starts a transaction.</source>
        <translation>Nenhuma ação ainda: Nova ação, um modelo (Modelos) ou uma requisição (Importar JSON…) começa uma transação.</translation>
    </message>
</context>
<context>
    <name>ActionLogDialog</name>
    <message>
        <location filename="../../builder/dialogs.py" line="+192"/>
        <source>Action log</source>
        <translation>Log de ações</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{entries_count} transactions sent, logged in {path}</source>
        <translation>{entries_count} transações enviadas, registradas em {path}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Transactions sent</source>
        <translation>Transações enviadas</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Selected transaction</source>
        <translation>Transação selecionada</translation>
    </message>
</context>
<context>
    <name>AfterWrites</name>
    <message numerus="yes">
        <location filename="../../locks/after_writes.py" line="+31"/>
        <source>Stale: a transaction wrote %Ln item(s) since this audit; re-run the audit. </source>
        <translation>
            <numerusform>Desatualizado: uma transação escreveu %Ln item desde esta auditoria; refaça a auditoria. </numerusform>
            <numerusform>Desatualizado: uma transação escreveu %Ln itens desde esta auditoria; refaça a auditoria. </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>Stale: %Ln item(s) are not as this audit read them (a transaction was cancelled on them, or its preflight read them); re-run the audit. </source>
        <translation>
            <numerusform>Desatualizado: %Ln item não está mais como esta auditoria o leu (uma transação foi cancelada nele, ou sua pré-verificação o leu); execute a auditoria de novo. </numerusform>
            <numerusform>Desatualizado: %Ln itens não estão mais como esta auditoria os leu (uma transação foi cancelada neles, ou sua pré-verificação os leu); execute a auditoria de novo. </numerusform>
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
        <translation>o layout padrão do artigo</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+11"/>
        <location filename="../../transfer/import_controller.py" line="-6"/>
        <source>saved for this connection and table</source>
        <extracomment>An import of this file into this table that stopped before its end (Resume continues it). The file as the preview checked it: the import writes only what is still the same. The uniqueness schema the preview found the lock rules by (the import&apos;s too), and how it was chosen, as a resume refused for another one names it. Where a refusal of the import is to be fixed (``DynoViewError.field``): said at that box.</extracomment>
        <translation>salvo para esta conexão e tabela</translation>
    </message>
    <message>
        <location line="-19"/>
        <location line="+19"/>
        <location filename="../../transfer/import_controller.py" line="+1"/>
        <source>not saved</source>
        <translation>não salvo</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Schema not saved</source>
        <translation>Esquema não salvo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The uniqueness schema of {table} could not be saved in {folder} ({error}). It is used until DynoView closes. To keep it, make that folder writable (or free space on its disk), then open Edit schema… and save it again.</source>
        <translation>O esquema de unicidade de {table} não pôde ser salvo em {folder} ({error}). Ele é usado até o DynoView fechar. Para mantê-lo, torne essa pasta gravável (ou libere espaço no disco), depois abra Editar esquema… e salve-o de novo.</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>(reported by the {value} error handler)</source>
        <translation>(relatado pelo tratador de erros {value})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unexpected error</source>
        <translation>Erro inesperado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{value} stopped on an unexpected error ({type}); the error report window has the details.</source>
        <translation>{value} parou em um erro inesperado ({type}); a janela do relatório de erro tem os detalhes.</translation>
    </message>
</context>
<context>
    <name>AttributeNode</name>
    <message>
        <location filename="../../items/detail.py" line="+183"/>
        <source>… {count} more</source>
        <translation>… mais {count}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>expand to show them</source>
        <translation>expanda para mostrá-los</translation>
    </message>
</context>
<context>
    <name>AttributeTable</name>
    <message>
        <location filename="../../builder/fields.py" line="+99"/>
        <source>{capitalize} attributes</source>
        <translation>Atributos ({capitalize})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add attribute</source>
        <translation>Adicionar atributo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B from file…</source>
        <translation>B de arquivo…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the selected row&apos;s binary value from a file.</source>
        <translation>Carregar de um arquivo o valor binário da linha selecionada.</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Load binary value</source>
        <translation>Carregar valor binário</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Row {value} has no attribute name; type one or remove the row.</source>
        <translation>A linha {value} não tem nome de atributo; digite um ou remova a linha.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Row {value}&apos;s attribute name is only spaces; type a name or remove the row.</source>
        <translation>O nome do atributo da linha {value} é só espaços; digite um nome ou remova a linha.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Rows {first} and {row} both name the attribute {name}; an item holds each attribute once, so one of the values would be lost. Rename or remove one of the rows.</source>
        <translation>As linhas {first} e {row} nomeiam o atributo {name}; um item guarda cada atributo uma vez, então um dos valores se perderia. Renomeie ou remova uma das linhas.</translation>
    </message>
</context>
<context>
    <name>AuditBar</name>
    <message>
        <location filename="../../locks/layout.py" line="+77"/>
        <source>Run full audit</source>
        <translation>Auditar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Live</source>
        <translation>Ao vivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live mode</source>
        <translation>Modo ao vivo</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Segments: </source>
        <translation>Segmentos: </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallel Scan segments (Segment/TotalSegments).</source>
        <translation>Segmentos do Scan paralelo (Segment/TotalSegments).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Audit segments</source>
        <translation>Segmentos da auditoria</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallel Scan segments of the full audit</source>
        <translation>Segmentos do Scan paralelo da auditoria completa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Strongly consistent</source>
        <translation>Fortemente consistente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Strong reads cost twice the read capacity of eventual reads.</source>
        <translation>Leituras fortes custam o dobro da capacidade de leitura das eventuais.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>3,000,000 of ~3,000,000 · 16/16 segments</source>
        <translation>3.000.000 de ~3.000.000 · 16/16 segmentos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Repair all…</source>
        <translation>Reparar tudo…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Release every orphan lock and claim every missing lock the audit found, each re-checked and guarded; the rest is listed for a decision</source>
        <translation>Liberar cada bloqueio órfão e criar cada bloqueio ausente que a auditoria encontrou, cada um verificado de novo e protegido; o resto fica listado para uma decisão</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Edit schema…</source>
        <translation>Esquema…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Detect from sample</source>
        <translation>Detectar esquema</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read {DETECT_SAMPLE} items and propose a schema to confirm.</source>
        <translation>Ler {DETECT_SAMPLE} itens e propor um esquema para confirmar.</translation>
    </message>
</context>
<context>
    <name>AuditRowsModel</name>
    <message>
        <location filename="../../locks/model.py" line="+362"/>
        <source>Account</source>
        <translation>Conta</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{rule} lock</source>
        <translation>bloqueio de {rule}</translation>
    </message>
</context>
<context>
    <name>BarChart</name>
    <message>
        <location filename="../../scans/bar_chart.py" line="+122"/>
        <source>No data</source>
        <translation>Sem dados</translation>
    </message>
    <message>
        <location line="+184"/>
        <source>↑ {label} (far above the axis)</source>
        <translation>↑ {label} (muito acima do eixo)</translation>
    </message>
</context>
<context>
    <name>BrowseController</name>
    <message>
        <location filename="../../items/controller.py" line="+151"/>
        <source>Connect and pick a table first.</source>
        <translation>Conecte-se e escolha uma tabela primeiro.</translation>
    </message>
    <message numerus="yes">
        <location line="+198"/>
        <source>%Ln item(s) shown</source>
        <translation>
            <numerusform>%Ln item exibido</numerusform>
            <numerusform>%Ln itens exibidos</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{hidden_count} expired hidden</source>
        <translation>{hidden_count} expirados ocultos</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{scanned_total} read to find them</source>
        <translation>{scanned_total} lidos para encontrá-los</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>stopped before the end, more available (Ctrl+L)</source>
        <translation>parou antes do fim, há mais (Ctrl+L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>end of table</source>
        <translation>fim da tabela</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>more available (scroll or Ctrl+L)</source>
        <translation>há mais (role ou Ctrl+L)</translation>
    </message>
</context>
<context>
    <name>BuilderDrafts</name>
    <message>
        <location filename="../../builder/drafts_view.py" line="+349"/>
        <source>Load template</source>
        <translation>Carregar modelo</translation>
    </message>
    <message>
        <location line="-194"/>
        <source>The builder&apos;s work could not be saved to {current_path} ({exc}); it is kept in the window, but would be lost if DynoView quit now.</source>
        <translation>O trabalho do construtor não pôde ser salvo em {current_path} ({exc}); ele continua na janela, mas seria perdido se o DynoView fechasse agora.</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>its request cannot be opened: {problems}</source>
        <translation>a solicitação não pode ser aberta: {problems}</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Restored {describe} from your last session (saved {strftime}).</source>
        <translation>Restaurado da sua última sessão: {describe} (salvo às {strftime}).</translation>
    </message>
    <message>
        <location line="-156"/>
        <source>an unknown time</source>
        <translation>um horário desconhecido</translation>
    </message>
    <message numerus="yes">
        <location line="+182"/>
        <source>Not restored: the transaction your last session left in the builder (%n action(s)) was already applied at {when} (token {token}, in the action log). Executing it again would write it a second time; Action log shows its request.</source>
        <translation>
            <numerusform>Não restaurada: a transação que sua última sessão deixou no construtor (%n ação) já foi aplicada em {when} (token {token}, no log de ações). Executá-la de novo a escreveria uma segunda vez; Histórico mostra a requisição.</numerusform>
            <numerusform>Não restaurada: a transação que sua última sessão deixou no construtor (%n ações) já foi aplicada em {when} (token {token}, no log de ações). Executá-la de novo a escreveria uma segunda vez; Histórico mostra a requisição.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The builder&apos;s work from your last session</source>
        <translation>O trabalho do construtor da sua última sessão</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{what} could not be shown ({reason}), so it was not restored.</source>
        <translation>{what} não pôde ser exibido ({reason}), então não foi restaurado.</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>Other windows left unsent work too: kept as %n named draft(s) ({names}); open them with Drafts → Open draft…</source>
        <translation>
            <numerusform>Outras janelas também deixaram trabalho não enviado: guardado como %Ln rascunho com nome ({names}); abra-o em Rascunhos → Abrir rascunho…</numerusform>
            <numerusform>Outras janelas também deixaram trabalho não enviado: guardado como %Ln rascunhos com nome ({names}); abra-os em Rascunhos → Abrir rascunho…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Discard restored work</source>
        <translation>Descartar trabalho restaurado</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>Import cancelled: the builder&apos;s actions are as they were.</source>
        <translation>Importação cancelada: as ações do construtor continuam como estavam.</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Import JSON</source>
        <translation>Importar JSON</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>Your last session sent this transaction and its outcome is not known: it may have been written. It was sent at {when} (token {token}). Execute sends it again under the same token, which DynamoDB applies at most once within 10 minutes of its first send: check the items first.</source>
        <translation>Sua última sessão enviou esta transação e o resultado não é conhecido: ela pode ter sido gravada. Foi enviada em {when} (token {token}). Executar a envia de novo com o mesmo token, que o DynamoDB aplica no máximo uma vez em até 10 minutos do primeiro envio: verifique os itens antes.</translation>
    </message>
    <message>
        <location line="-179"/>
        <source>This draft&apos;s transaction was already applied at {when} (token {token}, in the action log): executing it again would write it a second time.</source>
        <translation>A transação deste rascunho já foi aplicada em {when} (token {token}, no registro de ações): executá-la de novo a gravaria uma segunda vez.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This draft&apos;s transaction was sent at {when} (token {token}) and its outcome is not known: it may have been written. Check the items first: Execute sends it again under the same token, which DynamoDB applies at most once within 10 minutes of its first send.</source>
        <translation>A transação deste rascunho foi enviada em {when} (token {token}) e seu resultado não é conhecido: ela pode ter sido gravada. Verifique os itens primeiro: Executar a envia de novo com o mesmo token, que o DynamoDB aplica no máximo uma vez em até 10 minutos após o primeiro envio.</translation>
    </message>
    <message>
        <location line="+325"/>
        <source>Not opened: the builder&apos;s actions are as they were. The new transaction could not be kept as a draft ({exc}): open it again from where it came.</source>
        <translation>Não aberta: as ações do construtor continuam como estavam. A nova transação não pôde ser guardada como rascunho ({exc}): abra-a de novo de onde veio.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not opened: the builder&apos;s actions are as they were, and the new transaction is kept as the draft “{name}” (Drafts → Open draft…).</source>
        <translation>Não aberta: as ações do construtor continuam como estavam, e a nova transação foi guardada como o rascunho “{name}” (Rascunhos → Abrir rascunho…).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Draft {strftime}</source>
        <translation>Rascunho {strftime}</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Saved the draft “{name}”: %Ln action(s). Open it again with Drafts → Open draft…</source>
        <translation>
            <numerusform>Rascunho “{name}” salvo: %Ln ação. Abra-o de novo em Rascunhos → Abrir rascunho…</numerusform>
            <numerusform>Rascunho “{name}” salvo: %Ln ações. Abra-o de novo em Rascunhos → Abrir rascunho…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Open draft “{name}”</source>
        <translation>Abrir rascunho “{name}”</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Opened the draft “{name}”: %Ln action(s). Ctrl+Z brings back what the builder held.</source>
        <translation>
            <numerusform>Rascunho “{name}” aberto: %Ln ação. Ctrl+Z traz de volta o que o construtor tinha.</numerusform>
            <numerusform>Rascunho “{name}” aberto: %Ln ações. Ctrl+Z traz de volta o que o construtor tinha.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Drafts</source>
        <translation>Rascunhos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drafts: save the builder&apos;s work under a name, open a saved draft, undo or redo an edit</source>
        <translation>Rascunhos: salve o trabalho do construtor com um nome, abra um rascunho salvo, desfaça ou refaça uma edição</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save draft as…</source>
        <translation>Salvar rascunho como…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open draft…</source>
        <translation>Abrir rascunho…</translation>
    </message>
</context>
<context>
    <name>BuilderPanel</name>
    <message>
        <location filename="../../builder/panel.py" line="+231"/>
        <source>The request could not be opened: </source>
        <extracomment>What each Delete of a shown item held: given back to it after Ctrl+Z or a draft, whose request JSON does not carry it (core/tx/seen_names.py).</extracomment>
        <translation>Não foi possível abrir a requisição: </translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Connect to DynamoDB first: there is no connection to send to.</source>
        <translation>Conecte-se ao DynamoDB primeiro: não há conexão para onde enviar.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This connection is read-only: transactions cannot be executed. Reconnect without read-only to write.</source>
        <translation>Esta conexão é somente leitura: transações não podem ser executadas. Reconecte sem somente leitura para escrever.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add an action first.</source>
        <translation>Adicione uma ação primeiro.</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+33"/>
        <source>Fix the problems listed first: nothing is sent while the transaction has errors.</source>
        <translation>Corrija primeiro os problemas listados: nada é enviado enquanto a transação tiver erros.</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>The transaction is being executed.</source>
        <translation>A transação está sendo executada.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Connect and fix the problems listed first: the preflight reads the live table.</source>
        <translation>Conecte-se e corrija primeiro os problemas listados: a verificação prévia lê a tabela real.</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>The preflight could not read the table; nothing was sent.</source>
        <translation>A verificação prévia não conseguiu ler a tabela; nada foi enviado.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Added {guarded_count} guard(s); the preview shows the exact request. Execute checks the preflight again.</source>
        <translation>Proteções adicionadas: {guarded_count}; a pré-visualização mostra a requisição exata. Executar refaz a verificação prévia.</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Export as {EXPORT_TITLES}</source>
        <translation>Exportar como {EXPORT_TITLES}</translation>
    </message>
</context>
<context>
    <name>BuilderToolbar</name>
    <message>
        <location filename="../../builder/toolbar.py" line="+56"/>
        <source>Add action</source>
        <translation>Nova ação</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Add a Put, Update, Delete or ConditionCheck at the end</source>
        <translation>Adicionar um Put, Update, Delete ou ConditionCheck no final</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove the selected action</source>
        <translation>Remover a ação selecionada</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up</source>
        <translation>Subir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the action up (Ctrl+Up); cancellation reasons follow action order</source>
        <translation>Mover a ação para cima (Ctrl+Up); os motivos de cancelamento seguem a ordem das ações</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move the action down (Ctrl+Down)</source>
        <translation>Mover a ação para baixo (Ctrl+Down)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Down</source>
        <translation>Descer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Templates</source>
        <translation>Modelos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sign-up, change email and the repairs, for the selected account or lock</source>
        <translation>Cadastro, troca de e-mail e os reparos, para a conta ou o bloqueio selecionado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import JSON…</source>
        <translation>Importar JSON…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Replace the actions with a pasted TransactWriteItems request</source>
        <translation>Substituir as ações por uma requisição TransactWriteItems colada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The request as boto3, AWS CLI or JavaScript code</source>
        <translation>A requisição como código boto3, AWS CLI ou JavaScript</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Action log</source>
        <translation>Histórico</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Every transaction sent from here, with its outcome</source>
        <translation>Cada transação enviada daqui, com seu resultado</translation>
    </message>
</context>
<context>
    <name>BuilderUndo</name>
    <message>
        <location filename="../../builder/undo.py" line="+140"/>
        <source>&amp;Undo</source>
        <translation>&amp;Desfazer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last edit of the transaction</source>
        <translation>Desfazer a última edição da transação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Redo</source>
        <translation>&amp;Refazer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redo the edit undone last</source>
        <translation>Refazer a última edição desfeita</translation>
    </message>
</context>
<context>
    <name>COUNTS</name>
    <message numerus="yes">
        <location filename="../../counts.py" line="+18"/>
        <source>%Ln item(s) written by the builder (is|are) not on this page: run the read again to see (it|them)</source>
        <translation>
            <numerusform>%Ln item escrito pelo construtor não está nesta página: refaça a leitura para vê-lo</numerusform>
            <numerusform>%Ln itens escritos pelo construtor não estão nesta página: refaça a leitura para vê-los</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CancelConnectButton</name>
    <message>
        <location filename="../../window/status_bar.py" line="+32"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel connecting</source>
        <translation>Cancelar a conexão</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop connecting (a credential_process still running is ended)</source>
        <translation>Parar de conectar (um credential_process ainda em execução é encerrado)</translation>
    </message>
</context>
<context>
    <name>CapacityPanel</name>
    <message>
        <location filename="../../scans/capacity_panel.py" line="+88"/>
        <source>Scan a sample to see item-collection sizes and partition keys.</source>
        <translation>Faça o Scan de uma amostra para ver os tamanhos das coleções de itens e as chaves de partição.</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+35"/>
        <source>Item collections, largest first</source>
        <translation>Coleções de itens, maiores primeiro</translation>
    </message>
    <message>
        <location line="-34"/>
        <location line="+227"/>
        <source>What the sample cost</source>
        <translation>Quanto a amostra custou</translation>
    </message>
    <message>
        <location line="-208"/>
        <source>Sample up to </source>
        <translation>Amostra de até </translation>
    </message>
    <message>
        <location line="+1"/>
        <source> items</source>
        <translation> itens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items to sample</source>
        <translation>Itens da amostra</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A bounded, eventually consistent Scan; every page leaves a read receipt</source>
        <translation>Um Scan limitado e eventualmente consistente; cada página deixa um recibo de leitura</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scan sample</source>
        <translation>Scan da amostra</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>collection size</source>
        <translation>tamanho</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>partition key (largest first)</source>
        <translation>chave de partição (maiores primeiro)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scan a sample to see collection sizes.</source>
        <translation>Faça o Scan de uma amostra para ver os tamanhos das coleções.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>partition keys</source>
        <translation>chaves</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>items per partition key</source>
        <translation>itens por chave de partição</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan a sample to see how items spread over keys.</source>
        <translation>Faça o Scan de uma amostra para ver como os itens se distribuem pelas chaves.</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+164"/>
        <source>What the sample cost, per page</source>
        <translation>Quanto a amostra custou, por página</translation>
    </message>
    <message>
        <location line="-163"/>
        <source>Page</source>
        <translation>Página</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Items</source>
        <translation>Itens</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bytes returned</source>
        <translation>Bytes retornados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reported by DynamoDB</source>
        <translation>Informado pelo DynamoDB</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>DynoView estimate</source>
        <translation>Estimativa do DynoView</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Each Scan page is billed on the total size of the items it read, rounded up to 4 KB, halved for eventually consistent reads.</source>
        <translation>Cada página do Scan é cobrada pelo tamanho total dos itens lidos, arredondado para cima em 4 KB, pela metade em leituras eventualmente consistentes.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Open a table to see its partitions.</source>
        <translation>Abra uma tabela para ver suas partições.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Scan a sample of {name} to see item-collection sizes and how items spread over partition keys.</source>
        <translation>Faça o Scan de uma amostra de {name} para ver os tamanhos das coleções de itens e como os itens se distribuem pelas chaves de partição.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Scanning up to {value} items of {name}…</source>
        <translation>Fazendo Scan de até {value} itens de {name}…</translation>
    </message>
    <message numerus="yes">
        <location line="+23"/>
        <source>Sizing the item collections of %Ln item(s)…</source>
        <translation>
            <numerusform>Medindo as coleções de itens de %Ln item…</numerusform>
            <numerusform>Medindo as coleções de itens de %Ln itens…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+18"/>
        <source> Largest item: {key_text}, {human_bytes} ({share_text} of the 400 KB item limit).</source>
        <translation> Maior item: {key_text}, {human_bytes} ({share_text} do limite de 400 KB por item).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Likely hot: </source>
        <translation>Provavelmente quente: </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Too few items to call a partition key hot: it takes at least {count}.</source>
        <translation>Itens de menos para dizer que uma chave de partição está quente: são precisos pelo menos {count}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No partition key stands out in this table: items spread evenly enough over keys.</source>
        <translation>Nenhuma chave de partição se destaca nesta tabela: os itens se distribuem de forma suficientemente uniforme entre as chaves.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No partition key stands out in this sample: items spread evenly enough over keys.</source>
        <translation>Nenhuma chave de partição se destaca nesta amostra: os itens se distribuem de forma razoavelmente uniforme.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source> ({share_text} of the 10 GB limit)</source>
        <translation> ({share_text} do limite de 10 GB)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
Likely hot</source>
        <translation>
Provavelmente quente</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>largest {bars_count} of {key_count}</source>
        <translation>maiores {bars_count} de {key_count}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>all</source>
        <comment>every item collection is shown</comment>
        <translation>todas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item-collection sizes ({shown})</source>
        <translation>Tamanhos das coleções de itens ({shown})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>10 GB item-collection limit (LSI)</source>
        <translation>Limite de 10 GB por coleção de itens (LSI)</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%Ln partition key(s) (holds|hold) {items} each</source>
        <translation>
            <numerusform>%Ln chave de partição com {items}</numerusform>
            <numerusform>%Ln chaves de partição com {items} cada</numerusform>
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
        <translation>{label} itens</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How many items each partition key holds</source>
        <translation>Quantos itens cada chave de partição contém</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+6"/>
        <source>not reported</source>
        <translation>não informado</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>What the scan cost</source>
        <translation>Quanto custou o scan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What the scan cost, per page</source>
        <translation>Quanto custou o scan, por página</translation>
    </message>
</context>
<context>
    <name>CellEditor</name>
    <message>
        <location filename="../../items/cell_editor.py" line="+81"/>
        <source>Type</source>
        <extracomment>QLineEdit&apos;s longest text: its default, 32,767, cut longer values silently (a 400 KB string fits). Characters of S or B text past which the value opens in a multi-line editor, not on a line.</extracomment>
        <translation>Tipo</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+3"/>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NULL (no value)</source>
        <translation>NULL (sem valor)</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The value&apos;s type (Shift+Tab from the value)</source>
        <translation>O tipo do valor (Shift+Tab a partir do valor)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>value of {name}</source>
        <translation>valor de {name}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit {name}</source>
        <translation>Editar {name}</translation>
    </message>
</context>
<context>
    <name>CellEdits</name>
    <message>
        <location filename="../../items/cell_edits.py" line="+125"/>
        <source>Pick a cell to edit first.</source>
        <translation>Escolha uma célula para editar primeiro.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The TTL status is worked out by DynoView, not stored: edit the TTL attribute {name} instead.</source>
        <translation>O status de TTL é calculado pelo DynoView, não armazenado: edite o atributo de TTL {name}.</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>Edit {name} in place (F2)</source>
        <translation>Editar {name} no lugar (F2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit cell in place (F2)</source>
        <translation>Editar célula no lugar (F2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stage removal of {name}</source>
        <translation>Preparar remoção de {name}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stage removal of the attribute</source>
        <translation>Preparar remoção do atributo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edit as JSON…</source>
        <translation>Editar JSON…</translation>
    </message>
</context>
<context>
    <name>CellStaging</name>
    <message>
        <location filename="../../items/staging.py" line="+125"/>
        <source>Connect first: edits are staged for a connection and a table.</source>
        <translation>Conecte-se primeiro: as edições são preparadas para uma conexão e uma tabela.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This connection is read-only: cells cannot be edited. Reconnect without read-only to stage changes.</source>
        <translation>Esta conexão é somente leitura: células não podem ser editadas. Reconecte sem somente leitura para preparar alterações.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Pick a table first.</source>
        <translation>Escolha uma tabela primeiro.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Staged {change}: nothing is written until Review and send…</source>
        <translation>Preparado: {change}; nada é escrito até Revisar e enviar…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The cell holds the value read: nothing staged for it.</source>
        <translation>A célula tem o valor lido: nada preparado para ela.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Discarded (Ctrl+Z brings it back).</source>
        <translation>Descartado (Ctrl+Z traz de volta).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Every staged change was discarded (Ctrl+Z brings them back).</source>
        <translation>Todas as alterações preparadas foram descartadas (Ctrl+Z traz de volta).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Undone: the staged changes are as they were before.</source>
        <translation>Desfeito: as alterações preparadas estão como antes.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing staged to undo.</source>
        <translation>Nada preparado para desfazer.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>These changes were staged on the connection {name}: connect to it to send them, or discard them.</source>
        <translation>Estas alterações foram preparadas na conexão {name}: conecte-se a ela para enviá-las, ou descarte-as.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nothing is staged: edit a cell first (F2 or a double click).</source>
        <translation>Nada preparado: edite uma célula primeiro (F2 ou clique duplo).</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>The builder shows the transaction of %n staged change(s): check the preview and the preflight, then Execute. The staged cells clear once it is written.</source>
        <translation>
            <numerusform>O construtor mostra a transação de %n alteração preparada: confira a pré-visualização e a verificação prévia, depois Execute. As células preparadas são limpas depois da escrita.</numerusform>
            <numerusform>O construtor mostra a transação de %n alterações preparadas: confira a pré-visualização e a verificação prévia, depois Execute. As células preparadas são limpas depois da escrita.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+35"/>
        <source>Written: the staged changes of %n item(s) are in the table now.</source>
        <translation>
            <numerusform>Escrito: as alterações preparadas de %n item já estão na tabela.</numerusform>
            <numerusform>Escrito: as alterações preparadas de %n itens já estão na tabela.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+43"/>
        <source>The staged changes could not be kept for the next start ({reason}): they stay staged in this session only, and closing the window asks first.</source>
        <translation>As alterações preparadas não puderam ser guardadas para a próxima inicialização ({reason}): elas continuam preparadas só nesta sessão, e fechar a janela pergunta antes.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The staged changes could not be kept for the next start ({reason}); they stay staged in this session.</source>
        <translation>As alterações preparadas não puderam ser guardadas para a próxima inicialização ({reason}); elas continuam preparadas nesta sessão.</translation>
    </message>
    <message numerus="yes">
        <location line="+27"/>
        <source>%n change(s) staged in an earlier window (opened {opened}, last change {saved}) on the connection {name}, restored.</source>
        <translation>
            <numerusform>%Ln alteração preparada numa janela anterior (aberta às {opened}, última alteração às {saved}) na conexão {name}, restaurada.</numerusform>
            <numerusform>%Ln alterações preparadas numa janela anterior (aberta às {opened}, última alteração às {saved}) na conexão {name}, restauradas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n change(s) staged in an earlier window (last change {saved}) on the connection {name}, restored.</source>
        <translation>
            <numerusform>%Ln alteração preparada numa janela anterior (última alteração às {saved}) na conexão {name}, restaurada.</numerusform>
            <numerusform>%Ln alterações preparadas numa janela anterior (última alteração às {saved}) na conexão {name}, restauradas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n change(s) staged on the connection {name} in an earlier window (last change {saved}) are kept for when you connect to it.</source>
        <translation>
            <numerusform>%Ln alteração preparada na conexão {name} numa janela anterior (última alteração às {saved}) fica guardada para quando você se conectar a ela.</numerusform>
            <numerusform>%Ln alterações preparadas na conexão {name} numa janela anterior (última alteração às {saved}) ficam guardadas para quando você se conectar a ela.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n change(s) staged in an earlier window (last change {saved}) give other values to the same cells: they are kept, and restored when you connect again with these sent or discarded.</source>
        <translation>
            <numerusform>%Ln alteração preparada numa janela anterior (última alteração às {saved}) dá outros valores às mesmas células: ela fica guardada e é restaurada quando você se conectar de novo depois de enviar ou descartar estas.</numerusform>
            <numerusform>%Ln alterações preparadas numa janela anterior (última alteração às {saved}) dão outros valores às mesmas células: elas ficam guardadas e são restauradas quando você se conectar de novo depois de enviar ou descartar estas.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChangeValueForm</name>
    <message>
        <location filename="../../builder/template_forms.py" line="+186"/>
        <source>Change {name} of {who}</source>
        <translation>Trocar {name} de {who}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Moves the {name} and its lock together, in one transaction: the new lock is Put only where none exists (a taken value cancels everything), the old lock is released, and the account is updated only while it still holds {value}.</source>
        <translation>Move {name} e seu bloqueio juntos, em uma transação: o novo bloqueio recebe Put só onde não existe nenhum (um valor em uso cancela tudo), o bloqueio antigo é liberado, e a conta só é atualizada enquanto ainda tiver {value}.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Account</source>
        <translation>Conta</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Current {name}</source>
        <translation>{name} atual</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the new {name}</source>
        <translation>o novo {name}</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source>New {name}</source>
        <translation>Novo {name}</translation>
    </message>
</context>
<context>
    <name>ClaimLockForm</name>
    <message>
        <location filename="../../builder/lock_forms.py" line="+57"/>
        <source>Claim the {name} lock of {who}</source>
        <translation>Criar o bloqueio de {name} de {who}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Account</source>
        <translation>Conta</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The account has no {name}: there is no lock to claim.</source>
        <translation>A conta não tem {name}: não há bloqueio para criar.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lock to write</source>
        <translation>Bloqueio a escrever</translation>
    </message>
</context>
<context>
    <name>CodeActions</name>
    <message>
        <location filename="../../codegen/code_actions.py" line="+49"/>
        <source>&amp;Copy</source>
        <translation>&amp;Copiar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save…</source>
        <translation>&amp;Salvar…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Copied the {TITLES} code.</source>
        <translation>Código {TITLES} copiado.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save the {TITLES} code</source>
        <translation>Salvar o código {TITLES}</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Could not save {path}: {value}. Choose another folder or file name.</source>
        <translation>Não foi possível salvar {path}: {value}. Escolha outra pasta ou outro nome de arquivo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved the {TITLES} code to {path}.</source>
        <translation>Código {TITLES} salvo em {path}.</translation>
    </message>
</context>
<context>
    <name>CodeExportDialog</name>
    <message>
        <location filename="../../builder/code_export_view.py" line="+119"/>
        <source>Copy the code of the tab shown to the clipboard</source>
        <translation>Copiar o código da aba exibida para a área de transferência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the code of the tab shown to a file</source>
        <translation>Salvar o código da aba exibida em um arquivo</translation>
    </message>
</context>
<context>
    <name>CollectionsModel</name>
    <message>
        <location filename="../../scans/collections_model.py" line="+70"/>
        <source>Item collection size: table items plus their LSI entries (the 10 GB limit counts both)</source>
        <translation>Tamanho da coleção de itens: itens da tabela mais suas entradas de LSI (o limite de 10 GB conta ambos)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>no LSI</source>
        <translation>sem LSI</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no limit</source>
        <translation>sem limite</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>likely hot</source>
        <translation>provavelmente quente</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Without a local secondary index an item collection has no size limit.</source>
        <translation>Sem um índice secundário local, uma coleção de itens não tem limite de tamanho.</translation>
    </message>
</context>
<context>
    <name>CommandPalette</name>
    <message>
        <location filename="../../window/command_palette.py" line="+103"/>
        <source>Go to table or command</source>
        <extracomment>The palette&apos;s frame (a popup: no title bar), a roomy search box, a list without its own frame.</extracomment>
        <translation>Ir para tabela ou comando</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Type a table or command name; Enter opens it</source>
        <translation>Digite o nome de uma tabela ou comando; Enter abre</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Table or command name</source>
        <translation>Nome da tabela ou do comando</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Matching tables and commands</source>
        <translation>Tabelas e comandos encontrados</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>No table or command matches “{text}”: the palette opens tables and the menus&apos; commands.</source>
        <translation>Nenhuma tabela ou comando corresponde a “{text}”: a paleta abre tabelas e os comandos dos menus.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>↑↓ to choose · Enter to open · Esc to close</source>
        <translation>↑↓ para escolher · Enter para abrir · Esc para fechar</translation>
    </message>
</context>
<context>
    <name>ConfirmDialog</name>
    <message>
        <location filename="../../builder/dialogs.py" line="-152"/>
        <source>Execute transaction</source>
        <translation>Executar transação</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connection: {connection}</source>
        <translation>Conexão: {connection}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Request to send</source>
        <translation>Requisição a enviar</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Type {type_to_confirm} to confirm:</source>
        <translation>Digite {type_to_confirm} para confirmar:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Execute</source>
        <translation>Executar</translation>
    </message>
</context>
<context>
    <name>ConnectionController</name>
    <message>
        <location filename="../../window/connection_controller.py" line="+170"/>
        <source>the demo backend</source>
        <extracomment>What showing a table&apos;s first rows imports: its description, the reader, the uniqueness schema and its store, the read log&apos;s labels. Imported in a worker while the connection opens (the demo seeds for ~0.2 s more after its client is made), so the first rows wait for none of it on the UI thread (~30 ms of imports there before). What a connection being opened tells the window (from a worker thread): (&quot;where&quot;, the spec&apos;s line with its configured endpoint) or (&quot;process&quot;, the profile whose credential_process it waits for, None once that has ended). (Connection, DemoBackend or None, table names): the window switches to it. (exception, ConnectionSpec or None for the demo): the connection did not open. A connection to a ``ConnectionSpec`` is about to open (on the UI thread): what it may ask for (an MFA code) must be ready now. (badge, sentence) while a connection opens: where it goes, and what it waits for. The sentence saying a connect was cancelled (the connection open before, if any, stays).</extracomment>
        <translation>o backend de demonstração</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Not connected: connecting to {where} was cancelled.</source>
        <translation>Não conectado: a conexão a {where} foi cancelada.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connecting to {where} was cancelled; still connected to {current}.</source>
        <translation>A conexão a {where} foi cancelada; ainda conectado a {current}.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Connecting to {where}…</source>
        <translation>Conectando a {where}…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Connecting to {where}, waiting for the credential_process of profile {profile} (it is stopped after {seconds} s; Cancel stops it now).</source>
        <translation>Conectando a {where}, esperando o credential_process do perfil {profile} (ele é parado após {seconds} s; Cancelar o para agora).</translation>
    </message>
</context>
<context>
    <name>ConnectionDialog</name>
    <message>
        <location filename="../../window/connection_dialog.py" line="+56"/>
        <source>Connect to DynamoDB</source>
        <translation>Conectar ao DynamoDB</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Some saved connections were skipped: </source>
        <translation>Algumas conexões salvas foram ignoradas: </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No AWS profile could be listed: {why}</source>
        <translation>Nenhum perfil da AWS pôde ser listado: {why}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved connections</source>
        <translation>Conexões salvas</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A profile from ~/.aws/config or ~/.aws/credentials (SSO profiles included). Empty: the default credential chain.</source>
        <translation>Um perfil de ~/.aws/config ou ~/.aws/credentials (inclusive perfis SSO). Vazio: a cadeia de credenciais padrão.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>e.g. eu-west-1 (empty: the profile&apos;s region)</source>
        <translation>ex.: eu-west-1 (vazio: a região do perfil)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>empty for AWS; http://localhost:8000 for DynamoDB Local</source>
        <translation>vazio para a AWS; http://localhost:8000 para o DynamoDB Local</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Send in clear text (http://) to this host</source>
        <translation>Enviar sem criptografia (http://) para este host</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read-only: refuse every write before it leaves the machine</source>
        <translation>Somente leitura: recusar toda escrita antes que saia da máquina</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Production: open read-only; writing asks for the account id</source>
        <translation>Produção: abrir somente leitura; escrever pede o id da conta</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile</source>
        <translation>Perfil</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Region</source>
        <translation>Região</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Endpoint URL</source>
        <translation>URL do endpoint</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Only names, profiles, regions and endpoints are saved; never keys or tokens.</source>
        <translation>Só nomes, perfis, regiões e endpoints são salvos; nunca chaves ou tokens.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Save</source>
        <translation>Salvar</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+227"/>
        <source>Delete</source>
        <translation>Excluir</translation>
    </message>
    <message>
        <location line="-226"/>
        <source>New</source>
        <translation>Nova</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Connect</source>
        <translation>Conectar</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Demo</source>
        <translation>Demonstração</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(started inside the app)</source>
        <translation>(iniciado dentro do app)</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Requests to {host} travel unencrypted (http://): anyone on the network between can read the items and, when AWS keys sign them, the access key id and session token, and can send a captured request again for minutes. Use https:// if the host has it.</source>
        <translation>As requisições para {host} trafegam sem criptografia (http://): qualquer pessoa na rede entre os dois pode ler os itens e, quando chaves da AWS as assinam, o ID da chave de acesso e o token de sessão, e pode reenviar uma requisição capturada por alguns minutos. Use https:// se o host oferecer.</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+141"/>
        <source>{source} is {url}. </source>
        <translation>{source} é {url}. </translation>
    </message>
    <message>
        <location line="-128"/>
        <source>Give the connection a name.</source>
        <translation>Dê um nome à conexão.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The endpoint URL must start with http:// or https://, e.g. http://localhost:8000.</source>
        <translation>A URL do endpoint deve começar com http:// ou https://, p. ex. http://localhost:8000.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Its profile, region and endpoint are replaced by the ones in this form.</source>
        <translation>O perfil, a região e o endpoint dela são substituídos pelos deste formulário.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It is a production connection: it would no longer open read-only, nor ask for the account id before a write.</source>
        <translation>É uma conexão de produção: ela não abriria mais somente leitura nem pediria o ID da conta antes de uma escrita.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It is a read-only connection: it would accept writes.</source>
        <translation>É uma conexão somente leitura: ela aceitaria escritas.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To keep both, cancel and give this connection another name.</source>
        <translation>Para manter as duas, cancele e dê outro nome a esta conexão.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Replace saved connection?</source>
        <translation>Substituir a conexão salva?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace the saved connection “{name}”?</source>
        <translation>Substituir a conexão salva “{name}”?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace</source>
        <translation>Substituir</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Profile: {profile}.</source>
        <translation>Perfil: {profile}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile: none (the default credential chain).</source>
        <translation>Perfil: nenhum (a cadeia de credenciais padrão).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Region: {region}.</source>
        <translation>Região: {region}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Region: the profile&apos;s.</source>
        <translation>Região: a do perfil.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Endpoint: {url}.</source>
        <translation>Endpoint: {url}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Endpoint: AWS&apos;s (or the profile&apos;s).</source>
        <translation>Endpoint: o da AWS (ou o do perfil).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It is a production connection.</source>
        <translation>É uma conexão de produção.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It is a read-only connection.</source>
        <translation>É uma conexão somente leitura.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only this saved entry goes (the profile and the tables stay); it cannot be undone.</source>
        <translation>Só esta entrada salva é removida (o perfil e as tabelas continuam); não pode ser desfeito.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Delete saved connection?</source>
        <translation>Excluir a conexão salva?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the saved connection “{name}”?</source>
        <translation>Excluir a conexão salva “{name}”?</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Requests to {host} would travel unencrypted: use https://, or tick “Send in clear text” below the field to connect anyway (Save keeps that choice for this connection).</source>
        <translation>As requisições para {host} trafegariam sem criptografia: use https://, ou marque “Enviar sem criptografia” abaixo do campo para conectar mesmo assim (Salvar guarda essa escolha para esta conexão).</translation>
    </message>
</context>
<context>
    <name>ConsentQuestion</name>
    <message>
        <location filename="../../updates/question.py" line="+20"/>
        <source>{APP_NAME}: new versions</source>
        <translation>{APP_NAME}: novas versões</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check for new versions of {APP_NAME} once a day?</source>
        <translation>Procurar novas versões do {APP_NAME} uma vez por dia?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{APP_NAME} would ask {urlsplit} for the number of the newest version and tell you when there is one. It sends nothing about you, your connections or your tables, and never installs anything itself. You are asked once.</source>
        <translation>O {APP_NAME} perguntaria a {urlsplit} o número da versão mais recente e avisaria quando houver uma. Ele não envia nada sobre você, suas conexões ou suas tabelas, e nunca instala nada sozinho. Você só é perguntado uma vez.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Check daily</source>
        <translation>Verificar diariamente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Don&apos;t check</source>
        <translation>Não verificar</translation>
    </message>
</context>
<context>
    <name>CopyItemsDialog</name>
    <message>
        <location filename="../../transfer/copy_dialog.py" line="+81"/>
        <source>Copy items to a table</source>
        <translation>Copiar itens para uma tabela</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Each item is written by a Put guarded by attribute_not_exists on the target&apos;s key, so nothing already in the target is replaced. Batches of up to 100 open in the transaction builder, where you see the request and the preflight before anything is sent. An account and its locks always go in the same batch, so a copy that stops between batches never splits them.</source>
        <translation>Cada item é gravado por um Put protegido por attribute_not_exists na chave do destino, então nada que já esteja no destino é substituído. Lotes de até 100 abrem no construtor de transações, onde você vê a requisição e a pré-verificação antes de qualquer envio. Uma conta e seus bloqueios vão sempre no mesmo lote, então uma cópia que para entre lotes nunca os separa.</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>the selected item(s) (%Ln)</source>
        <translation>
            <numerusform>o item selecionado (%Ln)</numerusform>
            <numerusform>os itens selecionados (%Ln)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Copy:</source>
        <translation>Copiar:</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+107"/>
        <source>this connection ({name})</source>
        <translation>esta conexão ({name})</translation>
    </message>
    <message>
        <location line="-106"/>
        <source>this connection</source>
        <translation>esta conexão</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Copying to another connection switches the window to it; open this from the main window to do that.</source>
        <translation>Copiar para outra conexão troca a janela para ela; abra isto a partir da janela principal para fazer isso.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To connection:</source>
        <translation>Para a conexão:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>target table</source>
        <translation>tabela de destino</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To table:</source>
        <translation>Para a tabela:</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+43"/>
        <location line="+168"/>
        <source>Open in the builder</source>
        <translation>Abrir no construtor</translation>
    </message>
    <message>
        <location line="-209"/>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Warning: {details}</source>
        <translation>Aviso: {details}</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Type or pick the target table.</source>
        <translation>Digite ou escolha a tabela de destino.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reading the key schema of {name}…</source>
        <translation>Lendo o esquema de chaves de {name}…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connect first.</source>
        <translation>Conecte-se primeiro.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Switch to {name} and open batch 1</source>
        <translation>Trocar para {name} e abrir o lote 1</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln item(s) in {batches}. The builder sends on the window&apos;s connection: the window switches to {name} and opens {table}; the items to copy stay here.</source>
        <translation>
            <numerusform>%Ln item em {batches}. O construtor envia pela conexão da janela: a janela troca para {name} e abre {table}; o item a copiar fica aqui.</numerusform>
            <numerusform>%Ln itens em {batches}. O construtor envia pela conexão da janela: a janela troca para {name} e abre {table}; os itens a copiar ficam aqui.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln batch(es)</source>
        <translation>
            <numerusform>%Ln lote</numerusform>
            <numerusform>%Ln lotes</numerusform>
        </translation>
    </message>
    <message>
        <location line="+30"/>
        <source>the source</source>
        <translation>a origem</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{there} account(s) by its rules, {here} by {source}&apos;s</source>
        <translation>{there} conta(s) pelas regras dela, {here} pelas de {source}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{target} has other uniqueness rules than {source}: by them the copied items are paired otherwise ({details}), so the target would not guard their values as the source does. Check {target}&apos;s schema before you send.</source>
        <translation>{target} tem outras regras de unicidade que {source}: por elas os itens copiados são pareados de outro modo ({details}), então o destino não protegeria seus valores como a origem. Verifique o esquema de {target} antes de enviar.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Connecting to {name}…</source>
        <translation>Conectando a {name}…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Batch {value} was not opened: the builder keeps its unsent actions (the batch is kept as a draft too). Send or save them, then open batch {value} again.</source>
        <translation>O lote {value} não foi aberto: o construtor mantém as ações não enviadas (o lote também fica guardado como rascunho). Envie-as ou salve-as e abra o lote {value} de novo.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Nothing to open: press Open in the builder to make the batches.</source>
        <translation>Nada a abrir: clique em Abrir no construtor para montar os lotes.</translation>
    </message>
    <message>
        <location line="-11"/>
        <location line="+19"/>
        <source>Open batch {value} of {total}</source>
        <translation>Abrir o lote {value} de {total}</translation>
    </message>
    <message>
        <location line="-243"/>
        <source>every item of the current result ({n})</source>
        <translation>todos os itens do resultado atual ({n})</translation>
    </message>
    <message>
        <location line="+244"/>
        <source>Batch {opened} of {total} ({actions_count} Puts) is open in the builder: check the request and the preflight, then Execute. Come back here for the next batch.</source>
        <translation>O lote {opened} de {total} ({actions_count} Puts) está aberto no construtor: confira a requisição e a verificação prévia, depois Execute. Volte aqui para o próximo lote.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Batch {opened} of {total} ({actions_count} Puts) is open in the builder: check the request and the preflight, then Execute. That is the last batch.</source>
        <translation>O lote {opened} de {total} ({actions_count} Puts) está aberto no construtor: confira a requisição e a verificação prévia, depois Execute. Este é o último lote.</translation>
    </message>
</context>
<context>
    <name>CountBox</name>
    <message>
        <location filename="../../scans/count_box.py" line="+54"/>
        <source>{typed} is not a count from {low} to {high}: the box now says {value}. Scan again to read that many, or type another count.</source>
        <translation>{typed} não é uma quantidade de {low} a {high}: a caixa agora mostra {value}. Faça o Scan de novo para ler essa quantidade ou digite outra.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No count was typed: the box is back at {value}. Scan again to read that many, or type a count from {low} to {high}.</source>
        <translation>Nenhuma quantidade digitada: a caixa voltou para {value}. Faça o Scan de novo para ler essa quantidade ou digite uma de {low} a {high}.</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <location filename="../../crash.py" line="+98"/>
        <source>{APP_NAME}: unexpected error</source>
        <translation>{APP_NAME}: erro inesperado</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{APP_NAME} is still running and your connection is still open. If something looks wrong, run the read again or reconnect (Ctrl+O). Keys, secrets and session tokens have been removed from the report below. Nothing is sent unless you click Send report: it opens {where} with the report filled in, for you to read and submit.</source>
        <translation>O {APP_NAME} continua em execução e sua conexão continua aberta. Se algo parecer errado, refaça a leitura ou reconecte (Ctrl+O). Chaves, segredos e tokens de sessão foram removidos do relatório abaixo. Nada é enviado a menos que você clique em Enviar relatório: isso abre {where} com o relatório preenchido, para você ler e enviar.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Crash report</source>
        <translation>Relatório de falha</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keep and close</source>
        <translation>Guardar e fechar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy report</source>
        <translation>Copiar relatório</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Send report…</source>
        <translation>Enviar relatório…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Opens {split} with the report filled in</source>
        <translation>Abre {split} com o relatório preenchido</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Don&apos;t keep</source>
        <translation>Não guardar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the saved report and close</source>
        <translation>Excluir o relatório salvo e fechar</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>&lt;b&gt;%Ln unexpected error(s).&lt;/b&gt; The latest: {summary}</source>
        <translation>
            <numerusform>&lt;b&gt;%Ln erro inesperado.&lt;/b&gt; O último: {summary}</numerusform>
            <numerusform>&lt;b&gt;%Ln erros inesperados.&lt;/b&gt; O último: {summary}</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved to {saved_to}</source>
        <translation>Salvo em {saved_to}</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The report is open in your browser or mail app, and on the clipboard: nothing is sent until you submit it there.</source>
        <translation>O relatório está aberto no seu navegador ou app de e-mail, e na área de transferência: nada é enviado até você enviá-lo por lá.</translation>
    </message>
</context>
<context>
    <name>CreateTableDialog</name>
    <message>
        <location filename="../../tables/create_dialog.py" line="+82"/>
        <source>Create a local table</source>
        <translation>Criar uma tabela local</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A copy of a table: paste its DescribeTable JSON (aws dynamodb describe-table output) or open it</source>
        <extracomment>The plan whose table this dialog created without TTL (its TTL step failed).</extracomment>
        <translation>Uma cópia de uma tabela: cole o JSON do DescribeTable (saída de aws dynamodb describe-table) ou abra-o</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>DescribeTable JSON</source>
        <translation>JSON do DescribeTable</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open…</source>
        <translation>&amp;Abrir…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Table &amp;name:</source>
        <translation>&amp;Nome da tabela:</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+83"/>
        <source>CreateTable request (sent as shown):</source>
        <translation>Requisição CreateTable (enviada como exibida):</translation>
    </message>
    <message>
        <location line="-75"/>
        <location line="+73"/>
        <source>&amp;Create</source>
        <translation>&amp;Criar</translation>
    </message>
    <message>
        <location line="-70"/>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>create a table</source>
        <translation>criar uma tabela</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>{name} is there without TTL: Turn TTL on sends only UpdateTimeToLive (TTL on {attribute}).</source>
        <translation>{name} existe sem TTL: Ativar TTL envia só UpdateTimeToLive (TTL em {attribute}).</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Turn &amp;TTL on</source>
        <translation>Ativar &amp;TTL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>UpdateTimeToLive request (sent as shown):</source>
        <translation>Requisição UpdateTimeToLive (enviada como mostrada):</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>

Then UpdateTimeToLive: TTL on {ttl_attribute}.</source>
        <translation>

Depois UpdateTimeToLive: TTL em {ttl_attribute}.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Open a DescribeTable JSON</source>
        <translation>Abrir um JSON do DescribeTable</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Could not read {path}: {getattr}.</source>
        <translation>Não foi possível ler {path}: {getattr}.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Turning TTL on for {name}…</source>
        <translation>Ativando TTL para {name}…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Creating {name}…</source>
        <translation>Criando {name}…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{window} Creating {name} goes on at {then}, where this dialog was opened.</source>
        <translation>{window} A criação de {name} continua em {then}, onde esta caixa de diálogo foi aberta.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Created {name} at {then}. {window}</source>
        <translation>{name} criada em {then}. {window}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Created {name}.</source>
        <translation>{name} criada.</translation>
    </message>
</context>
<context>
    <name>DOCUMENT_COUNTS</name>
    <message numerus="yes">
        <location filename="../../items/value_dialogs.py" line="+366"/>
        <source>%n entr(y|ies)</source>
        <translation>
            <numerusform>%n entrada</numerusform>
            <numerusform>%n entradas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n item</numerusform>
            <numerusform>%n itens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DRAFTS_PROMPTS</name>
    <message numerus="yes">
        <location filename="../../builder/drafts_prompts.py" line="+112"/>
        <source>The builder holds %Ln unsent action(s). Replace (it|them) with the imported {actions}, or append the imported ones after (it|them)?</source>
        <translation>
            <numerusform>O construtor tem %Ln ação não enviada. Substituí-la pelas {actions} importadas, ou acrescentar as importadas depois dela?</numerusform>
            <numerusform>O construtor tem %Ln ações não enviadas. Substituí-las pelas {actions} importadas, ou acrescentar as importadas depois delas?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>The builder holds %Ln unsent action(s). Replace (it|them) with the new transaction&apos;s {actions}, or append those after (it|them)?</source>
        <translation>
            <numerusform>O construtor tem %Ln ação não enviada. Substituí-la pelas {actions} da nova transação, ou acrescentar essas depois dela?</numerusform>
            <numerusform>O construtor tem %Ln ações não enviadas. Substituí-las pelas {actions} da nova transação, ou acrescentar essas depois delas?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../builder/drafts_dialog.py" line="+196"/>
        <location filename="../../builder/drafts_prompts.py" line="-9"/>
        <source>%Ln action(s)</source>
        <translation>
            <numerusform>%Ln ação</numerusform>
            <numerusform>%Ln ações</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DeleteAccountForm</name>
    <message>
        <location filename="../../builder/template_forms.py" line="+28"/>
        <source>Delete account {who}</source>
        <translation>Excluir a conta {who}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deletes the account and the locks of its values in one transaction, so no lock is left behind to block a value forever. The account is deleted only while it still holds the values below; each lock only while it exists.</source>
        <translation>Exclui a conta e os bloqueios dos seus valores em uma transação, para que nenhum bloqueio fique para trás bloqueando um valor para sempre. A conta só é excluída enquanto ainda tiver os valores abaixo; cada bloqueio, só enquanto existir.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Account</source>
        <translation>Conta</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>(none: no {name} lock to remove)</source>
        <translation>(nenhum: sem bloqueio de {name} para remover)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{value}   → removes lock {lock}</source>
        <translation>{value}   → remove o bloqueio {lock}</translation>
    </message>
</context>
<context>
    <name>DeleteTableDialog</name>
    <message>
        <location filename="../../tables/delete_dialog.py" line="+51"/>
        <source>Delete {name}</source>
        <translation>Excluir {name}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Delete the table {name} at {where} with every item and index in it? This cannot be undone. Type the table&apos;s name to confirm.</source>
        <translation>Excluir a tabela {name} em {where} com todos os itens e índices dela? Isso não pode ser desfeito. Digite o nome da tabela para confirmar.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Table name to confirm</source>
        <translation>Nome da tabela para confirmar</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Delete</source>
        <translation>&amp;Excluir</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>delete a table</source>
        <translation>excluir uma tabela</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Deleting {table}…</source>
        <translation>Excluindo {table}…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{window} Deleting {table} goes on at {then}, where this dialog was opened.</source>
        <translation>{window} A exclusão de {table} continua em {then}, onde esta caixa de diálogo foi aberta.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Deleted {table} at {then}. {window}</source>
        <translation>{table} excluída em {then}. {window}</translation>
    </message>
</context>
<context>
    <name>DiagnoseBox</name>
    <message>
        <location filename="../../locks/diagnose.py" line="+51"/>
        <source>Diagnose one value</source>
        <extracomment>Lines of the answer box before an answer (the grid keeps the room at 1024x700); an answer gets the height its text needs (``room_wanted``), up to ``ANSWER_LINES_MAX``.</extracomment>
        <translation>Diagnosticar um valor</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Type an email or username above and press Diagnose: the answer says whether it is locked, and by whom.</source>
        <translation>Digite um e-mail ou nome de usuário acima e clique em Diagnosticar: a resposta diz se ele está bloqueado, e por quem.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Unique attribute</source>
        <translation>Atributo único</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Value to diagnose</source>
        <translation>Valor a diagnosticar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An email or username, exactly as the person typed it</source>
        <translation>Um e-mail ou nome de usuário, exatamente como a pessoa digitou</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Diagnose</source>
        <translation>Diagnosticar</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Release lock…</source>
        <translation>Liberar bloqueio…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Claim lock…</source>
        <translation>Criar bloqueio…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resolve duplicate…</source>
        <translation>Resolver duplicata…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+74"/>
        <source>Open account</source>
        <translation>Abrir conta</translation>
    </message>
    <message>
        <location line="-72"/>
        <source>Open lock</source>
        <translation>Abrir bloqueio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan instead</source>
        <translation>Usar Scan</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Diagnose again, looking the holders up with a Scan that reads every account&apos;s spelling (the index finds only the spellings asked for). It reads the whole table: read capacity in proportion to its size.</source>
        <translation>Diagnosticar de novo, procurando os detentores com um Scan que lê a grafia de cada conta (o índice só encontra as grafias pedidas). Ele lê a tabela inteira: capacidade de leitura proporcional ao tamanho dela.</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Open account ({accounts_count})</source>
        <translation>Abrir conta ({accounts_count})</translation>
    </message>
</context>
<context>
    <name>DiagnoseControl</name>
    <message>
        <location filename="../../locks/diagnose_control.py" line="+55"/>
        <source>The value is only spaces: type the email or username to diagnose.</source>
        <translation>O valor tem só espaços: digite o e-mail ou o nome de usuário a diagnosticar.</translation>
    </message>
</context>
<context>
    <name>DocumentEditorDialog</name>
    <message>
        <location filename="../../items/value_dialogs.py" line="-119"/>
        <source>Edit {name} ({code})</source>
        <translation>Editar {name} ({code})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {what} as DynamoDB JSON (or plain JSON); the tree shows what will be staged.</source>
        <translation>Conteúdo ({what}) como DynamoDB JSON (ou JSON simples); a árvore mostra o que será preparado.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>list</source>
        <translation>lista</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>map</source>
        <translation>mapa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Value as JSON</source>
        <translation>Valor como JSON</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value as a tree</source>
        <translation>Valor como árvore</translation>
    </message>
    <message>
        <location line="+29"/>
        <source> (at {path})</source>
        <translation> (em {path})</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>(value)</source>
        <translation>(valor)</translation>
    </message>
</context>
<context>
    <name>DraftOrigin</name>
    <message>
        <location filename="../../builder/draft_origin.py" line="+56"/>
        <source>table {table} on connection {connection}</source>
        <extracomment>(connection name, table name), either None when the window had none.</extracomment>
        <translation>tabela {table} na conexão {connection}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>connection {connection}</source>
        <translation>conexão {connection}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>table {table}</source>
        <translation>tabela {table}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>They were made for {where}: check the table names before you Execute.</source>
        <translation>Foram feitas para {where}: confira os nomes das tabelas antes de Executar.</translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>The builder&apos;s %n unsent action(s) (was|were) made for {where}; Execute would now send (it|them) to connection {new}.</source>
        <translation>
            <numerusform>A %n ação não enviada do construtor foi feita para {where}; Executar agora a enviaria para a conexão {new}.</numerusform>
            <numerusform>As %n ações não enviadas do construtor foram feitas para {where}; Executar agora as enviaria para a conexão {new}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportAuditController</name>
    <message>
        <location filename="../../transfer/export_controller.py" line="+183"/>
        <source>The export could not be read{where}: {reason}. Check the folder, or pick another.</source>
        <translation>Não foi possível ler a exportação{where}: {reason}. Verifique a pasta ou escolha outra.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The export audit was cancelled; nothing was reported.</source>
        <translation>A auditoria da exportação foi cancelada; nada foi relatado.</translation>
    </message>
</context>
<context>
    <name>ExportAuditDialog</name>
    <message>
        <location filename="../../transfer/export_audit_dialog.py" line="+66"/>
        <source>Audit an export</source>
        <translation>Auditar uma exportação</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Audits a DynamoDB export to S3 (DYNAMODB_JSON) with the same rules as the live audit, without reading the table. Give the export&apos;s folder or s3://bucket/prefix/; incremental exports to apply over it go on the next lines.</source>
        <translation>Audita uma exportação do DynamoDB para o S3 (DYNAMODB_JSON) com as mesmas regras da auditoria ao vivo, sem ler a tabela. Informe a pasta da exportação ou s3://bucket/prefixo/; exportações incrementais a aplicar por cima vão nas linhas seguintes.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Exports</source>
        <translation>Exportações</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One export folder or s3:// prefix a line: the full export first, then incremental exports</source>
        <translation>Uma pasta de exportação ou prefixo s3:// por linha: primeiro a exportação completa, depois as incrementais</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add folder…</source>
        <translation>Adicionar pasta…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Exports:</source>
        <translation>Exportações:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the table&apos;s TTL attribute, e.g. expiresAt (empty: not checked)</source>
        <translation>o atributo de TTL da tabela, ex.: expiresAt (vazio: não verificado)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTL attribute:</source>
        <translation>Atributo de TTL:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Schema:</source>
        <translation>Esquema:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Audit</source>
        <translation>Auditar</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Findings</source>
        <translation>Achados</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save report…</source>
        <translation>Salvar relatório…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Repair…</source>
        <translation>Reparar…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each finding is re-read with a strongly consistent GetItem before anything is written.</source>
        <translation>Cada achado é relido com um GetItem fortemente consistente antes de qualquer escrita.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Export folder</source>
        <translation>Pasta da exportação</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Give the export&apos;s folder or s3:// location first.</source>
        <translation>Informe primeiro a pasta ou o local s3:// da exportação.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Line {n}: {problem}</source>
        <translation>Linha {n}: {problem}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The TTL attribute holds the control character U+{code:04X}: no attribute name the audit can compare should. Type it again without it, or leave it empty.</source>
        <translation>O atributo de TTL contém o caractere de controle U+{code:04X}: nenhum nome de atributo que a auditoria compara deveria contê-lo. Digite-o de novo sem ele ou deixe-o vazio.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The TTL attribute is {size} bytes long; DynamoDB&apos;s TTL attribute name holds at most {limit}. Give the table&apos;s TTL attribute, or leave it empty.</source>
        <translation>O atributo de TTL tem {size} bytes; o nome do atributo de TTL do DynamoDB tem no máximo {limit}. Informe o atributo de TTL da tabela ou deixe-o vazio.</translation>
    </message>
    <message numerus="yes">
        <location line="+37"/>
        <source>%Ln item(s)</source>
        <translation>
            <numerusform>%Ln item</numerusform>
            <numerusform>%Ln itens</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{read} of {table} audited with {engine} in {duration_s:.1f} s. {counts}.
{snapshot_note}</source>
        <translation>{read} de {table} auditados com {engine} em {duration_s:.1f} s. {counts}.
{snapshot_note}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No problems found.</source>
        <translation>Nenhum problema encontrado.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Starting…</source>
        <translation>Iniciando…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Save the audit report</source>
        <translation>Salvar o relatório da auditoria</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Could not save {path}: {value}. Choose another folder or file name.</source>
        <translation>Não foi possível salvar {path}: {value}. Escolha outra pasta ou outro nome de arquivo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Report saved to {path}.</source>
        <translation>Relatório salvo em {path}.</translation>
    </message>
</context>
<context>
    <name>ExportController</name>
    <message>
        <location filename="../../transfer/export_controller.py" line="-92"/>
        <source>{path} could not be written ({reason}): free some space or pick another folder, then export again.</source>
        <translation>{path} não pôde ser gravado ({reason}): libere espaço ou escolha outra pasta e exporte de novo.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> (it finished before the cancel reached it)</source>
        <translation> (terminou antes que o cancelamento chegasse)</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Exported %Ln item(s) to {path}: partial, the read has more pages not loaded.</source>
        <translation>
            <numerusform>%Ln item exportado para {path}: parcial, a leitura tem mais páginas não carregadas.</numerusform>
            <numerusform>%Ln itens exportados para {path}: parcial, a leitura tem mais páginas não carregadas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>{summary} Written to {path}{late}. Partial: the read has more pages not loaded, so the file holds only the %Ln item(s) loaded; export the whole table for every item.</source>
        <translation>
            <numerusform>{summary} Gravado em {path}{late}. Parcial: a leitura tem mais páginas não carregadas, então o arquivo contém só o item carregado (%Ln); exporte a tabela inteira para ter todos os itens.</numerusform>
            <numerusform>{summary} Gravado em {path}{late}. Parcial: a leitura tem mais páginas não carregadas, então o arquivo contém só os %Ln itens carregados; exporte a tabela inteira para ter todos os itens.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Exported %Ln item(s) to {path}.</source>
        <translation>
            <numerusform>%Ln item exportado para {path}.</numerusform>
            <numerusform>%Ln itens exportados para {path}.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{summary} Written to {path}{late}.</source>
        <translation>{summary} Escrito em {path}{late}.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{message} No file was written.</source>
        <translation>{message} Nenhum arquivo foi escrito.</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../../builder/dialogs.py" line="+73"/>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Content of {file_name}:</source>
        <translation>Conteúdo de {file_name}:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Content of {file_name}</source>
        <translation>Conteúdo de {file_name}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy {file_name}</source>
        <translation>Copiar {file_name}</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../transfer/export_dialog.py" line="+131"/>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <location filename="../../transfer/export_dialog.py" line="-46"/>
        <source>Export items</source>
        <translation>Exportar itens</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Export:</source>
        <translation>Exportar:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Format:</source>
        <translation>Formato:</translation>
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
        <translation>o arquivo a escrever (criado privado para você)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>Arquivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>Procurar…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>File:</source>
        <translation>Arquivo:</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message numerus="yes">
        <location line="+19"/>
        <source>{source} (%Ln item(s) loaded)</source>
        <translation>
            <numerusform>{source} (%Ln item carregado)</numerusform>
            <numerusform>{source} (%Ln itens carregados)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln item(s) loaded; the read has more pages: this exports only those %Ln. Choose the whole table to export every item, or load the rest of the read first (scroll to its end or Ctrl+L) and export again.</source>
        <translation>
            <numerusform>%Ln item carregado; a leitura tem mais páginas: isto exporta só esse (%Ln). Escolha a tabela inteira para exportar todos os itens, ou carregue antes o resto da leitura (role até o fim ou Ctrl+L) e exporte de novo.</numerusform>
            <numerusform>%Ln itens carregados; a leitura tem mais páginas: isto exporta só esses %Ln. Escolha a tabela inteira para exportar todos os itens, ou carregue antes o resto da leitura (role até o fim ou Ctrl+L) e exporte de novo.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{why} The file holds these rows as read; choose the whole table to export whole items.</source>
        <translation>{why} O arquivo contém estas linhas como foram lidas; escolha a tabela inteira para exportar itens completos.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the whole table {name} (a parallel Scan)</source>
        <translation>a tabela {name} inteira (um Scan paralelo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the whole table (open a table first)</source>
        <translation>a tabela inteira (abra uma tabela primeiro)</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Keep formula-like cells raw (for programs: unsafe to open in a spreadsheet)</source>
        <translation>Manter brutas as células que parecem fórmulas (para programas: inseguro abrir numa planilha)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write cells starting with =, +, -, @, a tab or a carriage return exactly as stored: a spreadsheet may run them as formulas.</source>
        <translation>Escrever as células que começam com =, +, -, @, tabulação ou retorno de carro exatamente como armazenadas: uma planilha pode executá-las como fórmulas.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Strongly consistent</source>
        <translation>Fortemente consistente</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Strong reads see every acknowledged write and cost twice as much.</source>
        <translation>Leituras fortes veem toda escrita confirmada e custam o dobro.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Segments </source>
        <translation>Segmentos </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan segments</source>
        <translation>Segmentos do Scan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallel Scan segments (Segment/TotalSegments)</source>
        <translation>Segmentos do Scan paralelo (Segment/TotalSegments)</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Export to</source>
        <translation>Exportar para</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Replace the file?</source>
        <translation>Substituir o arquivo?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} exists already in {folder}. Replace it with this export? Its content will be lost.</source>
        <translation>{name} já existe em {folder}. Substituí-lo por esta exportação? O conteúdo dele será perdido.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Give the file to write first.</source>
        <translation>Informe primeiro o arquivo a escrever.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{path} cannot be used ({reason}): pick another place.</source>
        <translation>{path} não pode ser usado ({reason}): escolha outro lugar.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path} is a folder: add the name of the file to write, e.g. {path}/{name}.</source>
        <translation>{path} é uma pasta: acrescente o nome do arquivo a gravar, por exemplo {path}/{name}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} ends in a slash, so it names a folder: add the name of the file to write, e.g. {path}{name}.</source>
        <translation>{path} termina com uma barra, então indica uma pasta: acrescente o nome do arquivo a gravar, por exemplo {path}{name}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{file} is a file, not a folder: pick a folder to write {name} in.</source>
        <translation>{file} é um arquivo, não uma pasta: escolha uma pasta onde gravar {name}.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Nothing was written: give another file name, or confirm the replacement.</source>
        <translation>Nada foi gravado: informe outro nome de arquivo ou confirme a substituição.</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Writing %Ln item(s)…</source>
        <translation>
            <numerusform>Escrevendo %Ln item…</numerusform>
            <numerusform>Escrevendo %Ln itens…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Connect and open the table first.</source>
        <translation>Conecte-se e abra a tabela primeiro.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Starting the Scan…</source>
        <translation>Iniciando o Scan…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reading {name} in {value} segments…</source>
        <translation>Lendo {name} em {value} segmentos…</translation>
    </message>
</context>
<context>
    <name>ExtraItemsTabs</name>
    <message>
        <location filename="../../items/tabs.py" line="+44"/>
        <source>Items: {name}</source>
        <translation>Itens: {name}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Close this Items tab on {name}</source>
        <translation>Fechar esta aba de Itens de {name}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Close the Items tab on {name}</source>
        <translation>Fechar a aba de Itens de {name}</translation>
    </message>
</context>
<context>
    <name>ExtrasReader</name>
    <message>
        <location filename="../../window/tables_panel.py" line="+269"/>
        <source>Point-in-time recovery and resource policy: not known ({type})</source>
        <translation>Recuperação point-in-time e política de recurso: desconhecidas ({type})</translation>
    </message>
</context>
<context>
    <name>FeatureTabs</name>
    <message>
        <location filename="../../window/feature_tabs.py" line="+70"/>
        <source>Items</source>
        <translation>Itens</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <location filename="../../locks/layout.py" line="+56"/>
        <location line="+4"/>
        <source>Search values or account ids</source>
        <translation>Buscar valores ou ids de conta</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Show rows</source>
        <translation>Mostrar linhas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export CSV…</source>
        <translation>Exportar CSV…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export JSON…</source>
        <translation>Exportar JSON…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export progress</source>
        <translation>Progresso da exportação</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Writing 3,000,000 of 3,000,000 findings</source>
        <translation>Gravando 3.000.000 de 3.000.000 achados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel export</source>
        <translation>Cancelar exportação</translation>
    </message>
</context>
<context>
    <name>FindingsPane</name>
    <message>
        <location line="+88"/>
        <source>Accounts and locks</source>
        <translation>Contas e bloqueios</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One row per value: its account, its lock and the finding</source>
        <translation>Uma linha por valor: sua conta, seu bloqueio e o achado</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Select a row to see what is wrong and what to do.</source>
        <translation>Selecione uma linha para ver o que está errado e o que fazer.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open item</source>
        <translation>Abrir item</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Release lock…</source>
        <translation>Liberar bloqueio…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Claim lock…</source>
        <translation>Criar bloqueio…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resolve duplicate…</source>
        <translation>Resolver duplicata…</translation>
    </message>
</context>
<context>
    <name>GridOrder</name>
    <message>
        <location filename="../../locks/grid_order.py" line="+183"/>
        <source>Ordering {rows_count} rows…</source>
        <extracomment>Up to this many rows the grid is ordered at once on the UI thread (milliseconds); larger audits are ordered in the pool. Once a large audit&apos;s rows are shown, the account order is sorted in the pool after this pause (the first paint goes first), so a click on a header finds it ready. An order in the pool shows its busy bar (with Cancel) only once it has run this long: a sort or filter of a million rows is often done sooner, and never flashes one. The audit&apos;s own order (problems first) reads as a descending Status sort.</extracomment>
        <translation>Ordenando {rows_count} linhas…</translation>
    </message>
</context>
<context>
    <name>ImportController</name>
    <message>
        <location filename="../../transfer/import_controller.py" line="+32"/>
        <source>Connect to a table first.</source>
        <extracomment>Just after ``finished``: the import was refused or stopped for what a field holds (one of ``REFUSED_FIELDS``: Resume, Raw CSV, or the file, changed since the preview).</extracomment>
        <translation>Conecte-se a uma tabela primeiro.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>the schema saved for this connection and table</source>
        <translation>o esquema salvo para esta conexão e tabela</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the schema chosen in the Locks panel, not saved</source>
        <translation>o esquema escolhido no painel Bloqueios, não salvo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the article&apos;s default layout</source>
        <translation>o layout padrão do artigo</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Preview</source>
        <translation>Prévia</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>{summary} (on {where})</source>
        <translation>{summary} (em {where})</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No batch is confirmed written yet.</source>
        <translation>Nenhum lote foi confirmado como gravado ainda.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{done} of {total} items are written.</source>
        <translation>{done} de {total} itens estão gravados.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{done} items are written.</source>
        <translation>{done} itens estão gravados.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source> The batches before it were written ({count} items);</source>
        <translation> Os lotes anteriores foram gravados ({count} itens);</translation>
    </message>
    <message>
        <location line="-2"/>
        <source> The batches before it were written (1 item);</source>
        <translation> Os lotes anteriores foram gravados (1 item);</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> No item was written before it;</source>
        <translation> Nenhum item foi gravado antes dele;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>with {resume} ticked, Import continues from the batch that stopped.</source>
        <translation>com {resume} marcado, Importar continua a partir do lote que parou.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>fix the file, press Preview, then untick {resume} and press Import: it imports the file again from the start (the items written are written again, the same Puts)</source>
        <translation>corrija o arquivo, clique em Pré-visualizar, depois desmarque {resume} e clique em Importar: o arquivo é importado de novo desde o início (os itens gravados são gravados de novo, pelos mesmos Put)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>fix the file, press Preview, then untick {resume} and press Import: it imports the file from the start</source>
        <translation>corrija o arquivo, clique em Pré-visualizar, depois desmarque {resume} e clique em Importar: o arquivo é importado desde o início</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>with {warnings} and {resume} ticked, Import writes it and continues; or {again}.</source>
        <translation>com {warnings} e {resume} marcados, Importar grava o lote e continua; ou {again}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{again}; or change the table so that the batch passes, then, with {resume} ticked, Import continues.</source>
        <translation>{again}; ou altere a tabela para que o lote passe e, com {resume} marcado, Importar continua.</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>{message} Nothing more was imported.</source>
        <translation>{message} Nada mais foi importado.</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <location filename="../../builder/dialogs.py" line="-57"/>
        <source>Import TransactWriteItems JSON</source>
        <translation>Importar JSON de TransactWriteItems</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Paste {&quot;TransactItems&quot;: [...], &quot;ClientRequestToken&quot;: &quot;...&quot;} or the bare list (DynamoDB JSON, binary as base64), as the AWS CLI and console write it.</source>
        <translation>Cole {&quot;TransactItems&quot;: [...], &quot;ClientRequestToken&quot;: &quot;...&quot;} ou só a lista (DynamoDB JSON, binário em base64), como o AWS CLI e o console escrevem.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>TransactWriteItems JSON</source>
        <translation>JSON de TransactWriteItems</translation>
    </message>
    <message>
        <location filename="../../transfer/import_dialog.py" line="+79"/>
        <source>Import items into {name}</source>
        <translation>Importar itens para {name}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>File to import</source>
        <translation>Arquivo a importar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A file (.jsonl, .json, .csv) or an S3 export folder</source>
        <translation>Um arquivo (.jsonl, .json, .csv) ou uma pasta de exportação do S3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Browse…</source>
        <translation>Procurar…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Detect from the file</source>
        <translation>Detectar pelo arquivo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Preview</source>
        <translation>Pré-visualizar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read the whole file and list its problems (Enter in the file field); nothing is written</source>
        <translation>Ler o arquivo inteiro e listar seus problemas (Enter no campo do arquivo); nada é gravado</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Raw CSV: keep a leading &apos; as data (the file was not written by DynoView&apos;s export)</source>
        <translation>CSV bruto: manter um &apos; inicial como dado (o arquivo não foi gravado pela exportação do DynoView)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Off: a cell such as &apos;=notes is read as =notes (DynoView&apos;s export added the &apos; so a spreadsheet would not run it as a formula). On: the cell is imported as it is.</source>
        <translation>Desmarcado: uma célula como &apos;=notes é lida como =notes (a exportação do DynoView adicionou o &apos; para que uma planilha não a execute como fórmula). Marcado: a célula é importada como está.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Speed: BatchWriteItem (not all-or-nothing per batch)</source>
        <translation>Velocidade: BatchWriteItem (sem tudo-ou-nada por lote)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no limit</source>
        <translation>sem limite</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> items/s</source>
        <translation> itens/s</translation>
    </message>
    <message>
        <location filename="../../transfer/import_controller.py" line="+14"/>
        <location filename="../../transfer/import_dialog.py" line="+1"/>
        <source>Resume an import of this file that stopped</source>
        <translation>Retomar uma importação interrompida deste arquivo</translation>
    </message>
    <message>
        <location line="+19"/>
        <location filename="../../transfer/import_dialog.py" line="+5"/>
        <source>Write batches the preflight warns about (clashes, expired)</source>
        <translation>Escrever lotes com avisos da verificação prévia (colisões, expirados)</translation>
    </message>
    <message>
        <location filename="../../transfer/import_dialog.py" line="+13"/>
        <source>the import</source>
        <translation>a importação</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} on {where}</source>
        <translation>{name} em {where}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Into</source>
        <translation>Para</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>Arquivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Format</source>
        <translation>Formato</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mode</source>
        <translation>Modo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate</source>
        <translation>Taxa</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Type {type_to_confirm} to import</source>
        <translation>Digite {type_to_confirm} para importar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pick a file and press Preview: nothing is written before Import.</source>
        <translation>Escolha um arquivo e clique em Pré-visualizar: nada é escrito antes de Importar.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Records to import</source>
        <translation>Registros a importar</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Problems found in the file</source>
        <translation>Problemas encontrados no arquivo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Import</source>
        <translation>Importar</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Import items from</source>
        <translation>Importar itens de</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The Raw CSV box changed, and with it the values read: press Preview before Import.</source>
        <translation>A caixa CSV bruto mudou, e com ela os valores lidos: pressione Pré-visualizar antes de Importar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The file or format changed: press Preview before Import.</source>
        <translation>O arquivo ou o formato mudou: clique em Pré-visualizar antes de Importar.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Pick a file first: type its path, or press Browse…</source>
        <translation>Escolha um arquivo primeiro: digite o caminho ou clique em Procurar…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Reading the whole file…</source>
        <translation>Lendo o arquivo inteiro…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source> Import stays off until the file has none: fix the lines listed below in the file, then press Preview again.</source>
        <translation> Importar fica desativado até o arquivo não ter nenhum: corrija no arquivo as linhas listadas abaixo e clique em Pré-visualizar de novo.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>line</source>
        <translation>linha</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>… and {value} more</source>
        <translation>… e mais {value}</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>An import of this file into {table} stopped after {done} of {total} items (batch {batch}, {when}). Resume is ticked: Import skips the items written and continues from there. Untick it to write every item again.</source>
        <translation>Uma importação deste arquivo para {table} parou após {done} de {total} itens (lote {batch}, {when}). Retomar está marcado: Importar pula os itens gravados e continua dali. Desmarque para gravar todos os itens de novo.</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>No problem found.</source>
        <translation>Nenhum problema encontrado.</translation>
    </message>
    <message>
        <location line="-174"/>
        <source>Skip items already in the table (never replace them)</source>
        <translation>Pular os itens que já estão na tabela (nunca substituí-los)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Each Put is guarded by attribute_not_exists on the key: an item whose key the table holds is skipped and counted, never replaced. Not with Speed (BatchWriteItem cannot carry a condition).</source>
        <translation>Cada Put é protegido por attribute_not_exists na chave: um item cuja chave a tabela já tem é pulado e contado, nunca substituído. Não com Velocidade (BatchWriteItem não leva condição).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Keys already in the table</source>
        <translation>Chaves que já estão na tabela</translation>
    </message>
    <message>
        <location line="+198"/>
        <source>The import that stopped read this CSV with Raw CSV ticked (a leading &apos; kept as data); the box is unticked now, so the rest would be written with other values. Tick Raw CSV and press Preview to resume, or untick Resume to write every item again.</source>
        <translation>A importação que parou leu este CSV com CSV bruto marcado (um &apos; inicial mantido como dado); a caixa está desmarcada agora, então o restante seria gravado com outros valores. Marque CSV bruto e pressione Pré-visualizar para retomar, ou desmarque Retomar para gravar todos os itens de novo.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The import that stopped read this CSV with Raw CSV unticked (a leading &apos; taken off); the box is ticked now, so the rest would be written with other values. Untick Raw CSV and press Preview to resume, or untick Resume to write every item again.</source>
        <translation>A importação que parou leu este CSV com CSV bruto desmarcado (um &apos; inicial removido); a caixa está marcada agora, então o restante seria gravado com outros valores. Desmarque CSV bruto e pressione Pré-visualizar para retomar, ou desmarque Retomar para gravar todos os itens de novo.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the table has uniqueness lock rules: each batch is judged by the preflight</source>
        <translation>a tabela tem regras de bloqueio de unicidade: cada lote passa pela verificação prévia</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the table has no lock rules</source>
        <translation>a tabela não tem regras de bloqueio</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>None of these keys is in {table} yet (checked by {cost}).</source>
        <translation>Nenhuma destas chaves está em {table} ainda (verificado por {cost}).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; and {count} more</source>
        <translation>; e mais {count}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{count} of these keys already exist in {table}: with {check} ticked, each of those items is skipped, never replaced ({keys}; checked by {cost}).</source>
        <translation>{count} destas chaves já existem em {table}: com {check} marcado, cada um desses itens é pulado, nunca substituído ({keys}; verificado por {cost}).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{count} of these keys already exist in {table}: a Put replaces each item whole (attributes the file does not have are lost): {keys}. Tick {check} to skip them instead (checked by {cost}).</source>
        <translation>{count} destas chaves já existem em {table}: um Put substitui cada item inteiro (os atributos que o arquivo não tem são perdidos): {keys}. Marque {check} para pulá-los (verificado por {cost}).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The import is running: press Cancel to stop it after the batch being written, then Close.</source>
        <translation>A importação está em andamento: clique em Cancelar para pará-la depois do lote sendo gravado e então em Fechar.</translation>
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
        <translation>“CSV bruto”</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the format</source>
        <translation>o formato</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Importing…</source>
        <translation>Importando…</translation>
    </message>
</context>
<context>
    <name>ItemDetail</name>
    <message>
        <location filename="../../items/detail.py" line="+66"/>
        <location line="+43"/>
        <source>Select an item to see it in full.</source>
        <translation>Selecione um item para vê-lo por completo.</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Attribute</source>
        <translation>Atributo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Attributes</source>
        <translation>Atributos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item attributes</source>
        <translation>Atributos do item</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Item as DynamoDB JSON</source>
        <translation>Item como DynamoDB JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item as plain JSON</source>
        <translation>Item como JSON simples</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>DynamoDB JSON</source>
        <translation>DynamoDB JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Plain JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy as JSON</source>
        <translation>Copiar JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the shown tab (Ctrl+Shift+C)</source>
        <translation>Copiar a aba exibida (Ctrl+Shift+C)</translation>
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
        <translation>Editar item</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Edit the item as DynamoDB JSON. Saving opens the transaction builder with an Update of only the attributes you changed, each guarded on the value you saw, so other attributes stay as they are and nothing is written until you have checked the request.</source>
        <translation>Edite o item como DynamoDB JSON. Salvar abre o construtor de transações com um Update só dos atributos que você alterou, cada um protegido pelo valor que você viu, então os outros atributos ficam como estão e nada é escrito até você conferir a requisição.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Item as DynamoDB JSON</source>
        <translation>Item como DynamoDB JSON</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Open in builder</source>
        <translation>Abrir no construtor</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>This is your unsent edit of this item, kept when DynoView closed at {when}. It is compared with the item as it is now when you open it in the builder.</source>
        <translation>Esta é a sua edição não enviada deste item, guardada quando o DynoView fechou em {when}. Ela é comparada com o item como está agora quando você a abre no construtor.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The item has changed in the table since ({names}): check that your edit does not undo that change.</source>
        <translation>O item mudou na tabela desde então ({names}): verifique se a sua edição não desfaz essa mudança.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its attributes</source>
        <translation>seus atributos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard it and start from the item as it is now</source>
        <translation>Descartá-la e começar do item como está agora</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{names}: protected values (each has a lock); changing one moves its lock too.</source>
        <translation>{names}: valores protegidos (cada um tem um bloqueio); alterar um move o bloqueio também.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Protected: {moved}. The builder moves the lock with the value (new lock guarded by attribute_not_exists, old lock released) in the same transaction.</source>
        <translation>Protegido: {moved}. O construtor move o bloqueio junto com o valor (novo bloqueio protegido por attribute_not_exists, bloqueio antigo liberado) na mesma transação.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Not opened at {attribute}: {error}</source>
        <translation>Não aberto em {attribute}: {error}</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+17"/>
        <location line="+22"/>
        <source>Not opened: {message}</source>
        <translation>Não aberto: {message}</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Not opened at {attribute} (line {line}, column {column}): {message}</source>
        <translation>Não aberto em {attribute} (linha {line}, coluna {column}): {message}</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Not opened{where}: {message}</source>
        <translation>Não aberto{where}: {message}</translation>
    </message>
</context>
<context>
    <name>ItemSelection</name>
    <message>
        <location filename="../../items/selection.py" line="+120"/>
        <source>Reading {key_text}…</source>
        <translation>Lendo {key_text}…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No item with {key_text}: it does not exist (or was deleted).</source>
        <translation>Nenhum item com {key_text}: ele não existe (ou foi excluído).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{key_text} — read by key (GetItem): not on the current page</source>
        <translation>{key_text} — lido pela chave (GetItem): não está na página atual</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>{key_text} was deleted by the transaction.</source>
        <translation>{key_text} foi excluído pela transação.</translation>
    </message>
</context>
<context>
    <name>ItemsColumns</name>
    <message>
        <location filename="../../items/columns.py" line="+45"/>
        <source>Click to sort the loaded items, drag to move a column, right-click to choose columns</source>
        <translation>Clique para ordenar os itens carregados, arraste para mover uma coluna, clique com o botão direito para escolher colunas</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>Columns</source>
        <translation>Colunas</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Sort by {name}, ascending</source>
        <translation>Ordenar por {name}, crescente</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sort by {name}, descending</source>
        <translation>Ordenar por {name}, decrescente</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Order as read (no sort)</source>
        <translation>Ordem de leitura (sem ordenação)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset columns (order, shown, sort)</source>
        <translation>Redefinir colunas (ordem, visíveis, ordenação)</translation>
    </message>
</context>
<context>
    <name>ItemsModel</name>
    <message>
        <location filename="../../items/model.py" line="+171"/>
        <source>not in this index</source>
        <translation>fora deste índice</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The index {index} does not hold the TTL attribute {attribute}: read the table to see when items expire.</source>
        <translation>O índice {index} não contém o atributo de TTL {attribute}: leia a tabela para ver quando os itens expiram.</translation>
    </message>
    <message>
        <location line="+184"/>
        <source>TTL status</source>
        <translation>Status de TTL</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>{name}: key attribute</source>
        <translation>{name}: atributo de chave</translation>
    </message>
</context>
<context>
    <name>ItemsPanel</name>
    <message>
        <location filename="../../items/panel.py" line="+130"/>
        <source>Edit…</source>
        <extracomment>Edit in place is made this long after the first page of rows (their repaint goes first).</extracomment>
        <translation>Editar…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit as JSON…: the whole item as DynamoDB JSON; the change opens in the transaction builder (F2 edits one cell in place)</source>
        <translation>Editar como JSON…: o item inteiro como DynamoDB JSON; a alteração abre no construtor de transações (F2 edita uma célula no lugar)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete…</source>
        <translation>Excluir…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the item through a guarded transaction (Delete)</source>
        <translation>Excluir o item por uma transação protegida (Delete)</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Pick a table on the left.</source>
        <translation>Escolha uma tabela à esquerda.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Reading…</source>
        <translation>Lendo…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{progress} (cancelled)</source>
        <translation>{progress} (cancelado)</translation>
    </message>
    <message numerus="yes">
        <location line="+63"/>
        <source>Copied %Ln item(s) as {format}.</source>
        <translation>
            <numerusform>%Ln item copiado como {format}.</numerusform>
            <numerusform>%Ln itens copiados como {format}.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Copy {count} items as</source>
        <translation>Copiar {count} itens como</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Copy as</source>
        <translation>Copiar como</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reads of this table… (Ctrl+H)</source>
        <translation>Leituras desta tabela… (Ctrl+H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy query as code…</source>
        <translation>Copiar consulta como código…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open {name} in a new Items tab (another index or read)</source>
        <translation>Abrir {name} em uma nova aba de Itens (outro índice ou leitura)</translation>
    </message>
    <message numerus="yes">
        <location line="+78"/>
        <source>Select one item to edit as JSON: it edits one item at a time, and %n are selected.</source>
        <translation>
            <numerusform>Selecione um só item para editar como JSON: ele edita um item por vez, e %n está selecionado.</numerusform>
            <numerusform>Selecione um só item para editar como JSON: ele edita um item por vez, e %n estão selecionados.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The edit was not opened in the builder: the item was read on {then}. {window}</source>
        <translation>A edição não foi aberta no construtor: o item foi lido em {then}. {window}</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>Select one item to delete: Delete… deletes one item at a time, and %n are selected. Nothing was deleted.</source>
        <translation>
            <numerusform>Selecione um só item para excluir: Excluir… exclui um item por vez, e %n está selecionado. Nada foi excluído.</numerusform>
            <numerusform>Selecione um só item para excluir: Excluir… exclui um item por vez, e %n estão selecionados. Nada foi excluído.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KEPT</name>
    <message>
        <location filename="../../session/reconnect.py" line="+47"/>
        <source>table {name}</source>
        <translation>tabela {name}</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln more Items tab(s)</source>
        <translation>
            <numerusform>mais %Ln aba de Itens</numerusform>
            <numerusform>mais %Ln abas de Itens</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
</context>
<context>
    <name>KeptNote</name>
    <message>
        <location filename="../../kept_text.py" line="+61"/>
        <location line="+2"/>
        <source>Discard the kept edit</source>
        <translation>Descartar a edição guardada</translation>
    </message>
</context>
<context>
    <name>KeptTextsBar</name>
    <message numerus="yes">
        <location filename="../../window/unsent_work.py" line="+117"/>
        <source>Your last session kept %n unsent edit(s) typed in a dialog.</source>
        <translation>
            <numerusform>Sua última sessão guardou %n edição não enviada digitada em uma caixa de diálogo.</numerusform>
            <numerusform>Sua última sessão guardou %n edições não enviadas digitadas em caixas de diálogo.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>; and %n more</source>
        <translation>
            <numerusform>; e mais %n</numerusform>
            <numerusform>; e mais %n</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{named}. Open the same dialog on that item (Edit as JSON…), cell (its value editor, F2) or table (the uniqueness schema) to carry on with it or discard it.</source>
        <translation>{named}. Abra a mesma caixa de diálogo nesse item (Editar como JSON…), nessa célula (seu editor de valor, F2) ou nessa tabela (o esquema de unicidade) para continuar ou descartar.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An unsent edit your last session kept could not be read.</source>
        <translation>Uma edição não enviada que sua última sessão guardou não pôde ser lida.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Later</source>
        <translation>Mais tarde</translation>
    </message>
</context>
<context>
    <name>LIVE_COUNTS</name>
    <message numerus="yes">
        <location filename="../../locks/live_bar.py" line="+46"/>
        <source>Live · %Ln new since {since}</source>
        <translation>
            <numerusform>Ao vivo · %Ln novo desde {since}</numerusform>
            <numerusform>Ao vivo · %Ln novos desde {since}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln resolved</source>
        <translation>
            <numerusform>%Ln resolvido</numerusform>
            <numerusform>%Ln resolvidos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln changed</source>
        <translation>
            <numerusform>%Ln alterado</numerusform>
            <numerusform>%Ln alterados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln record(s) read</source>
        <translation>
            <numerusform>%Ln registro lido</numerusform>
            <numerusform>%Ln registros lidos</numerusform>
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
            <numerusform>%Ln itens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln segment(s)</source>
        <translation>
            <numerusform>%Ln segmento</numerusform>
            <numerusform>%Ln segmentos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LanguageChooser</name>
    <message>
        <location filename="../language_dialog.py" line="+23"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System ({language})</source>
        <translation>Sistema ({language})</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The language applies at the next start of DynoView.</source>
        <translation>O idioma é aplicado na próxima vez que o DynoView for iniciado.</translation>
    </message>
</context>
<context>
    <name>LiveBar</name>
    <message>
        <location filename="../../locks/live_bar.py" line="+45"/>
        <source>Stream records…</source>
        <translation>Registros de stream…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The stream records that changed the selected row</source>
        <translation>Os registros de stream que alteraram a linha selecionada</translation>
    </message>
</context>
<context>
    <name>LiveCounts</name>
    <message>
        <location line="-56"/>
        <source>Live · starting at {since}: finding the stream and its first records…</source>
        <extracomment>Notices on screen (the newest, on one line); all of them in the tooltip.</extracomment>
        <translation>Ao vivo · a partir de {since}: procurando o stream e seus primeiros registros…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>up to date</source>
        <translation>em dia</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>catching up</source>
        <translation>atualizando</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>streams of {accounts} and its locks table {locks}</source>
        <translation>streams de {accounts} e da sua tabela de bloqueios {locks}</translation>
    </message>
</context>
<context>
    <name>LiveMode</name>
    <message>
        <location filename="../../locks/live_mode.py" line="+237"/>
        <source>The table&apos;s stream ended.</source>
        <translation>O stream da tabela terminou.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live mode stopped: {why}</source>
        <translation>Modo ao vivo parado: {why}</translation>
    </message>
    <message>
        <location line="+133"/>
        <source>Stream records…</source>
        <translation>Registros de stream…</translation>
    </message>
</context>
<context>
    <name>LocalTablesController</name>
    <message>
        <location filename="../../tables/controller.py" line="+56"/>
        <source>Connect to a local endpoint to {action}.</source>
        <extracomment>The table&apos;s name and a sentence: created and ACTIVE, but TTL could not be turned on.</extracomment>
        <translation>Conecte-se a um endpoint local para {action}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>create a table</source>
        <translation>criar uma tabela</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>turn TTL on</source>
        <translation>ativar o TTL</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>delete a table</source>
        <translation>excluir uma tabela</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Created {table}, but whether TTL on {attribute} was turned on is not known: {reason} Press Turn TTL on: it checks first, and sends that step only if TTL is off. Or run: {command}</source>
        <translation>{table} foi criada, mas não se sabe se o TTL em {attribute} foi ativado: {reason} Pressione Ativar TTL: ele verifica primeiro e envia essa etapa só se o TTL estiver desativado. Ou execute: {command}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Created {table}, but TTL on {attribute} was not turned on: {reason} The table is there without TTL: press Turn TTL on to try that step again, or run: {command}</source>
        <translation>{table} foi criada, mas o TTL em {attribute} não foi ativado: {reason} A tabela existe sem TTL: pressione Ativar TTL para tentar essa etapa de novo, ou execute: {command}</translation>
    </message>
</context>
<context>
    <name>LocksPanel</name>
    <message>
        <location filename="../../locks/panel.py" line="+139"/>
        <source>Cancelled: the rows keep the order they had.</source>
        <translation>Cancelado: as linhas mantêm a ordem que tinham.</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Open a table to pair its accounts with their locks.</source>
        <translation>Abra uma tabela para parear suas contas com seus bloqueios.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The schema changed: run the full audit again.</source>
        <translation>O esquema mudou: refaça a auditoria completa.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Starting…</source>
        <translation>Iniciando…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The audit was cancelled; run it again for a complete view.</source>
        <translation>A auditoria foi cancelada; refaça-a para uma visão completa.</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n problem row(s) so far: duplicates, case clashes and expired items show as they are read; orphan and missing locks once every segment is read.</source>
        <translation>
            <numerusform>%n linha com problema até agora: duplicatas, colisões de caixa e itens expirados aparecem conforme são lidos; bloqueios órfãos e ausentes, quando todos os segmentos forem lidos.</numerusform>
            <numerusform>%n linhas com problema até agora: duplicatas, colisões de caixa e itens expirados aparecem conforme são lidos; bloqueios órfãos e ausentes, quando todos os segmentos forem lidos.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The filter and search apply once the audit is complete.</source>
        <translation>O filtro e a busca valem quando a auditoria terminar.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../main_window.py" line="+160"/>
        <source>Tables</source>
        <extracomment>The update check (dynoview/ui/updates), started after the first paint by app.py. True once a signal closes the window: nobody is asked about unsent work (it is kept). The last error box shown (tests read it; it deletes itself when closed).</extracomment>
        <translation>Tabelas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Read log</source>
        <translation>Log de leituras</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>Starting the demo backend…</source>
        <translation>Iniciando o backend de demonstração…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connecting to {describe}…</source>
        <translation>Conectando a {describe}…</translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>Connected: %Ln table(s).{note}</source>
        <translation>
            <numerusform>Conectado: %Ln tabela.{note}</numerusform>
            <numerusform>Conectado: %Ln tabelas.{note}</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Table {wanted} does not exist on this connection. Did you mean {meant}?</source>
        <translation>A tabela {wanted} não existe nesta conexão. Você quis dizer {meant}?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Table not found</source>
        <translation>Tabela não encontrada</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Table {wanted} does not exist on this connection.</source>
        <translation>A tabela {wanted} não existe nesta conexão.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Not connected</source>
        <translation>Não conectado</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Opening {name}…</source>
        <translation>Abrindo {name}…</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Opening {name} in a new Items tab…</source>
        <translation>Abrindo {name} em uma nova aba de Itens…</translation>
    </message>
    <message>
        <location filename="../../window/error_box.py" line="+57"/>
        <source>Settings were reset: the settings file was damaged.</source>
        <translation>As configurações foram redefinidas: o arquivo de configurações estava danificado.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Settings reset</source>
        <translation>Configurações redefinidas</translation>
    </message>
</context>
<context>
    <name>MfaDialog</name>
    <message>
        <location filename="../../session/mfa_dialog.py" line="+29"/>
        <source>MFA code needed</source>
        <translation>Código MFA necessário</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Profile &lt;b&gt;{escape}&lt;/b&gt; assumes a role that needs a code from your MFA device. Type the six digits it shows now.</source>
        <translation>O perfil &lt;b&gt;{escape}&lt;/b&gt; assume uma função que precisa de um código do seu dispositivo MFA. Digite os seis dígitos que ele mostra agora.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>6 digits</source>
        <translation>6 dígitos</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The code is sent to AWS STS once and never saved. The role&apos;s session is kept (as the AWS CLI keeps it) until it expires.</source>
        <translation>O código é enviado ao AWS STS uma vez e nunca é salvo. A sessão da função é mantida (como o AWS CLI faz) até expirar.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sign in</source>
        <translation>Entrar</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>1 try left</source>
        <translation>resta 1 tentativa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} tries left</source>
        <translation>restam {count} tentativas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>AWS STS refused that code: it is not the one the device shows now, or it was used already. Type the code it shows now ({tries}).</source>
        <translation>O AWS STS recusou esse código: não é o que o dispositivo mostra agora, ou já foi usado. Digite o código que ele mostra agora ({tries}).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>That code was refused already, so it was not sent again. Wait for your device to show the next one ({tries}).</source>
        <translation>Esse código já foi recusado, então não foi enviado de novo. Espere seu dispositivo mostrar o próximo ({tries}).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>An MFA code is six digits. Type the code your device shows now ({tries}).</source>
        <translation>Um código MFA tem seis dígitos. Digite o código que seu dispositivo mostra agora ({tries}).</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>An MFA code is six digits ({count} of 6 typed). Nothing was sent.</source>
        <translation>Um código MFA tem seis dígitos ({count} de 6 digitados). Nada foi enviado.</translation>
    </message>
</context>
<context>
    <name>OpenDraftDialog</name>
    <message>
        <location filename="../../builder/drafts_dialog.py" line="-90"/>
        <source>Open draft</source>
        <translation>Abrir rascunho</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Made for</source>
        <comment>a draft&apos;s connection and table</comment>
        <translation>Feito para</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved</source>
        <translation>Salvo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Actions</source>
        <translation>Ações</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved drafts</source>
        <translation>Rascunhos salvos</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+89"/>
        <source>Delete</source>
        <translation>Excluir</translation>
    </message>
    <message>
        <location line="-58"/>
        <source>No drafts saved yet: Drafts → Save draft as… keeps the builder&apos;s work under a name.</source>
        <translation>Nenhum rascunho salvo ainda: Rascunhos → Salvar rascunho como… guarda o trabalho do construtor com um nome.</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln draft(s) saved.</source>
        <translation>
            <numerusform>%Ln rascunho salvo.</numerusform>
            <numerusform>%Ln rascunhos salvos.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+38"/>
        <source>the table {table} on the connection {connection}</source>
        <translation>a tabela {table} na conexão {connection}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the table {table}</source>
        <translation>a tabela {table}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the connection {connection}</source>
        <translation>a conexão {connection}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It holds {actions} for {where}, saved {when}.</source>
        <translation>Contém {actions} para {where}, salvo em {when}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It holds {actions}, saved {when}.</source>
        <translation>Contém {actions}, salvo em {when}.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Delete draft?</source>
        <translation>Excluir o rascunho?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the draft “{name}”?</source>
        <translation>Excluir o rascunho “{name}”?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deleting it cannot be undone.</source>
        <translation>A exclusão não pode ser desfeita.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The draft “{name}” could not be deleted: {value}.</source>
        <translation>Não foi possível excluir o rascunho “{name}”: {value}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Deleted the draft “{name}”.</source>
        <translation>Rascunho “{name}” excluído.</translation>
    </message>
</context>
<context>
    <name>OpenedOn</name>
    <message>
        <location filename="../../transfer/opened_on.py" line="+55"/>
        <source>no connection</source>
        <extracomment>The window&apos;s connection changed away from this one (emitted once, on the first change).</extracomment>
        <translation>sem conexão</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The window is no longer connected. This dialog was opened on {then}: nothing more is sent from it. Close it, connect, and open it again.</source>
        <translation>A janela não está mais conectada. Este diálogo foi aberto em {then}: nada mais é enviado por ele. Feche-o, conecte-se e abra-o de novo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The window is now connected to {now}. This dialog was opened on {then}: close it and open it again to work on {name}.</source>
        <translation>A janela agora está conectada a {now}. Este diálogo foi aberto em {then}: feche-o e abra-o de novo para trabalhar em {name}.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The window is now on {now}.</source>
        <translation>A janela agora está em {now}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The window is no longer connected.</source>
        <translation>A janela não está mais conectada.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{window} This run goes on on {then}, where it started (Cancel stops it after the step in progress).</source>
        <translation>{window} Esta execução continua em {then}, onde começou (Cancelar a interrompe após a etapa em andamento).</translation>
    </message>
</context>
<context>
    <name>OrderingBar</name>
    <message>
        <location filename="../../locks/layout.py" line="-78"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>OverrideDialog</name>
    <message>
        <location filename="../../builder/preflight_view.py" line="+172"/>
        <source>The preflight refused this transaction</source>
        <translation>A verificação prévia recusou esta transação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The preflight warns about this transaction</source>
        <translation>A verificação prévia alerta sobre esta transação</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>break the lock on purpose</source>
        <translation>quebrar o bloqueio de propósito</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>accept the warning(s)</source>
        <translation>
            <numerusform>aceitar o aviso</numerusform>
            <numerusform>aceitar os avisos</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To send it anyway and {why}, type {table}:</source>
        <translation>Para enviar mesmo assim e {why}, digite {table}:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Send anyway</source>
        <translation>Enviar mesmo assim</translation>
    </message>
</context>
<context>
    <name>ParameterTable</name>
    <message>
        <location filename="../../partiql/panel.py" line="+67"/>
        <source>Statement parameters</source>
        <translation>Parâmetros da instrução</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The values of the statement&apos;s ? placeholders, in order. Type a value as the item editor takes it, or pick DynamoDB JSON and type a typed value such as {&quot;S&quot;: &quot;ada@lovelace.io&quot;}.</source>
        <translation>Os valores dos marcadores ? da instrução, em ordem. Digite um valor como o editor de itens aceita, ou escolha DynamoDB JSON e digite um valor tipado como {&quot;S&quot;: &quot;ada@lovelace.io&quot;}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add</source>
        <translation>Adicionar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Parameter type</source>
        <translation>Tipo do parâmetro</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>{wanted} ? in the statement</source>
        <translation>{wanted} ? na instrução</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>, %Ln value(s)</source>
        <translation>
            <numerusform>, %Ln valor</numerusform>
            <numerusform>, %Ln valores</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PartiqlController</name>
    <message>
        <location filename="../../partiql/controller.py" line="+124"/>
        <source>Connect first: File → Connect… (Ctrl+O).</source>
        <translation>Conecte-se primeiro: Arquivo → Conectar… (Ctrl+O).</translation>
    </message>
    <message numerus="yes">
        <location line="+115"/>
        <source>%Ln item(s)</source>
        <translation>
            <numerusform>%Ln item</numerusform>
            <numerusform>%Ln itens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%Ln request(s)</source>
        <translation>
            <numerusform>%Ln requisição</numerusform>
            <numerusform>%Ln requisições</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{hidden_count} expired hidden</source>
        <translation>{hidden_count} expirados ocultos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>more available (Load more, Ctrl+L)</source>
        <translation>há mais (Carregar mais, Ctrl+L)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>end of the result</source>
        <translation>fim do resultado</translation>
    </message>
</context>
<context>
    <name>PartiqlPanel</name>
    <message>
        <location filename="../../partiql/panel.py" line="+58"/>
        <source>the PartiQL result</source>
        <translation>o resultado PartiQL</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+187"/>
        <source>Type a SELECT and press Ctrl+Enter.</source>
        <translation>Digite um SELECT (Ctrl+Enter).</translation>
    </message>
    <message>
        <location line="-172"/>
        <source>Run</source>
        <translation>Executar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the statement (Ctrl+Enter or F5). Only SELECT runs here; writes go through the transaction builder.</source>
        <translation>Executar a instrução (Ctrl+Enter ou F5). Aqui só se executa SELECT; escritas passam pelo construtor de transações.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the statement in progress (Esc)</source>
        <translation>Parar a instrução em andamento (Esc)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Strongly consistent</source>
        <translation>Fortemente consistente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Strong reads see every acknowledged write and cost twice as much; global secondary indexes only serve eventual reads.</source>
        <translation>Leituras fortes veem toda escrita confirmada e custam o dobro; índices secundários globais só atendem leituras eventuais.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Page </source>
        <translation>Página </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Page size</source>
        <translation>Tamanho da página</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items DynamoDB evaluates per request (Limit), before the WHERE filter: a page keeps reading until it has this many items</source>
        <translation>Itens que o DynamoDB avalia por requisição (Limit), antes do filtro WHERE: uma página continua lendo até ter essa quantidade de itens</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load more</source>
        <translation>Carregar mais</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the next page with NextToken (Ctrl+L)</source>
        <translation>Ler a próxima página com NextToken (Ctrl+L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Statement history</source>
        <translation>Histórico de instruções</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The last 50 statements run on this connection: pick one to load it, then run it again</source>
        <translation>As últimas 50 instruções executadas nesta conexão: escolha uma para carregá-la e execute-a de novo</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>? values</source>
        <translation>Valores de ?</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>Running…</source>
        <translation>Executando…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>, reading more…</source>
        <translation>, lendo mais…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The last request: {summary} (every request is in the read log)</source>
        <translation>A última requisição: {summary} (todas as requisições estão no log de leituras)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Not run.</source>
        <translation>Não executada.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Your unsent statement on this connection is back; Ctrl+Z brings back what you had typed.</source>
        <translation>Sua instrução não enviada nesta conexão voltou; Ctrl+Z traz de volta o que você tinha digitado.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The statement you typed with no connection is back: connect, then Ctrl+Enter runs it.</source>
        <translation>A instrução que você digitou sem conexão voltou: conecte-se e Ctrl+Enter a executa.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The statement you typed with no connection is kept for this connection now: Ctrl+Enter runs it.</source>
        <translation>A instrução que você digitou sem conexão agora fica guardada para esta conexão: Ctrl+Enter a executa.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Your unsent statement on this connection is back: Ctrl+Enter runs it.</source>
        <translation>Sua instrução não enviada nesta conexão voltou: Ctrl+Enter a executa.</translation>
    </message>
    <message>
        <location line="+33"/>
        <source> (first of {rows_count} selected)</source>
        <translation> (primeira de {rows_count} selecionadas)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>History ({history_count})</source>
        <translation>Histórico ({history_count})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>History (empty)</source>
        <translation>Histórico (vazio)</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%Ln value(s)</source>
        <translation>
            <numerusform>%Ln valor</numerusform>
            <numerusform>%Ln valores</numerusform>
        </translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Loaded from the history{values}: Ctrl+Enter runs it again, Ctrl+Z undoes the pick.</source>
        <translation>Carregada do histórico{values}: Ctrl+Enter a executa de novo, Ctrl+Z desfaz a escolha.</translation>
    </message>
</context>
<context>
    <name>PreflightView</name>
    <message>
        <location filename="../../builder/preflight_view.py" line="-126"/>
        <source>After this transaction (preflight)</source>
        <translation>Depois desta transação (verificação prévia)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Accounts and locks after this transaction</source>
        <translation>Contas e bloqueios depois desta transação</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Load the right transaction</source>
        <translation>Carregar a transação correta</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Replace this transaction with the template the preflight proposes</source>
        <translation>Substituir esta transação pelo modelo que a verificação prévia propõe</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add guards</source>
        <translation>Adicionar proteções</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Preflight: reading the accounts and locks this transaction touches…</source>
        <translation>Verificação prévia: lendo as contas e os bloqueios que esta transação toca…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source> Sending it needs the same explicit confirmation as an override.</source>
        <translation> Enviá-la exige a mesma confirmação explícita de uma substituição forçada.</translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>Add %Ln guard(s)</source>
        <translation>
            <numerusform>Adicionar %Ln proteção</numerusform>
            <numerusform>Adicionar %Ln proteções</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add these conditions so the transaction itself refuses a stale write:
</source>
        <translation>Adicione estas condições para que a própria transação recuse uma escrita desatualizada:
</translation>
    </message>
</context>
<context>
    <name>PreviewView</name>
    <message>
        <location filename="../../builder/request_view.py" line="+26"/>
        <source>Exact request body</source>
        <translation>Corpo exato da requisição</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to send yet: add an action (Add action), start from a template (Templates) or import a request (Import JSON).</source>
        <translation>Nada para enviar ainda: adicione uma ação (Nova ação), comece de um modelo (Modelos) ou importe uma requisição (Importar JSON…).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Formatted (for reading; the exact bytes are the unformatted view)</source>
        <translation>Formatado (para leitura; os bytes exatos são a vista sem formatação)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy exact request</source>
        <translation>Copiar requisição exata</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exact request body (what is sent)</source>
        <translation>Corpo exato da requisição (o que é enviado)</translation>
    </message>
</context>
<context>
    <name>ProblemsView</name>
    <message>
        <location filename="../../builder/problems_view.py" line="+26"/>
        <source>Problems</source>
        <translation>Problemas</translation>
    </message>
</context>
<context>
    <name>ProductionPatterns</name>
    <message>
        <location filename="../../session/settings_dialog.py" line="+39"/>
        <source>A connection whose profile name matches one of these patterns opens as production: read-only, and writing asks for the account id. * matches any text, ? one character, [abc] one of a set.</source>
        <translation>Uma conexão cujo nome de perfil combina com um destes padrões abre como produção: somente leitura, e escrever pede o id da conta. * combina com qualquer texto, ? com um caractere, [abc] com um de um conjunto.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Production profile patterns</source>
        <translation>Padrões de perfil de produção</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>New production profile pattern</source>
        <translation>Novo padrão de perfil de produção</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. *-prod</source>
        <translation>ex.: *-prod</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add</source>
        <translation>Adicionar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
</context>
<context>
    <name>ProgressRow</name>
    <message>
        <location filename="../../transfer/progress_row.py" line="+32"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>QuitGuard</name>
    <message>
        <location filename="../../transfer/quit_guard.py" line="+145"/>
        <source>Stop and quit ends the import after the current batch. What was written stays, and Resume in Import… (or --resume) continues from where it stopped.</source>
        <extracomment>Set to True on the window when it closes without a person to answer (SIGTERM, logout).</extracomment>
        <translation>Parar e sair encerra a importação após o lote atual. O que foi gravado permanece, e Retomar em Importar… (ou --resume) continua de onde parou.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stop and quit ends the export and removes its partial file, so no incomplete export is left looking complete.</source>
        <translation>Parar e sair encerra a exportação e remove o arquivo parcial, para que nenhuma exportação incompleta fique parecendo completa.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>An import and an export are running.</source>
        <translation>Uma importação e uma exportação estão em andamento.</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>An import is running.</source>
        <translation>Uma importação está em andamento.</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Stop and quit ends Repair all after the finding in progress: what it sent is in the action log with its outcome, and Continue or a new audit picks up the rest.</source>
        <translation>Parar e sair encerra Reparar tudo após o achado em andamento: o que foi enviado está no log de ações com seu resultado, e Continuar ou uma nova auditoria retoma o restante.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Wait for the answer and quit</source>
        <translation>Esperar a resposta e sair</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep working</source>
        <translation>Continuar trabalhando</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A transaction that was sent cannot be stopped safely. {quit} waits for its answer and records its outcome in the action log before closing; {keep} shows the outcome in the builder.</source>
        <translation>Uma transação já enviada não pode ser interrompida com segurança. {quit} espera a resposta e registra o resultado no log de ações antes de fechar; {keep} mostra o resultado no construtor.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An export is running.</source>
        <translation>Uma exportação está em andamento.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repair all is running.</source>
        <translation>Reparar tudo está em andamento.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A transaction is being sent to {table}: its answer is awaited.</source>
        <translation>Uma transação está sendo enviada para {table}: aguardando a resposta.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Several tasks are running.</source>
        <translation>Várias tarefas estão em andamento.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+46"/>
        <source>Quit DynoView</source>
        <translation>Sair do DynoView</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Quit now</source>
        <translation>Sair agora</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{waiting}

Quit now closes without the answer: if it is not recorded, the transaction&apos;s outcome will be settled by the next execution on this connection, from the action log.</source>
        <translation>{waiting}

Sair agora fecha sem a resposta: se ela não for registrada, o resultado da transação será apurado pela próxima execução nesta conexão, a partir do log de ações.</translation>
    </message>
    <message>
        <location line="-110"/>
        <source>Stop and quit</source>
        <translation>Parar e sair</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep running</source>
        <translation>Continuar executando</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Stop, don&apos;t quit</source>
        <translation>Parar, sem sair</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Stopping Repair all after the finding in progress…</source>
        <translation>Parando Reparar tudo após o achado em andamento…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Waiting for DynamoDB&apos;s answer to the transaction sent to {table}…</source>
        <translation>Aguardando a resposta do DynamoDB à transação enviada para {table}…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stopping the import and the export before quitting…</source>
        <translation>Parando a importação e a exportação antes de sair…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopping the running tasks before quitting…</source>
        <translation>Parando as tarefas em andamento antes de sair…</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Stopping the import after the current batch…</source>
        <translation>Parando a importação após o lote atual…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopping the export…</source>
        <translation>Parando a exportação…</translation>
    </message>
</context>
<context>
    <name>ReadCodeDialog</name>
    <message>
        <location filename="../../codegen/read_code_dialog.py" line="+52"/>
        <source>{operation} as code</source>
        <translation>{operation} como código</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Language:</source>
        <translation>&amp;Linguagem:</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Copy the code shown to the clipboard</source>
        <translation>Copiar o código exibido para a área de transferência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the code shown to a file</source>
        <translation>Salvar o código exibido em um arquivo</translation>
    </message>
</context>
<context>
    <name>ReadForm</name>
    <message>
        <location filename="../../items/read_form.py" line="+57"/>
        <source>Read</source>
        <translation>Ler</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Scan reads every item; Query reads one partition key (cheaper)</source>
        <translation>Scan lê todos os itens; Query lê uma chave de partição (mais barato)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read the table or one of its indexes</source>
        <translation>Ler a tabela ou um de seus índices</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Strongly consistent</source>
        <translation>Fortemente consistente</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Page </source>
        <translation>Página </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hide expired</source>
        <translation>Ocultar expirados</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>Hide items whose TTL has passed but that DynamoDB has not deleted yet (they are still in the table)</source>
        <translation>Ocultar itens cujo TTL já passou mas que o DynamoDB ainda não excluiu (eles ainda estão na tabela)</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Run</source>
        <translation>Executar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the read (Ctrl+R or F5)</source>
        <translation>Executar a leitura (Ctrl+R ou F5)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the read in progress (Esc)</source>
        <translation>Parar a leitura em andamento (Esc)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Table or index</source>
        <translation>Tabela ou índice</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Page size</source>
        <translation>Tamanho da página</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Items per page read</source>
        <translation>Itens por página lida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>on</source>
        <comment>Scan or Query on a table or an index</comment>
        <translation>em</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mode</source>
        <translation>Modo</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>PK =</source>
        <translation>PK =</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>partition key value</source>
        <translation>valor da chave de partição</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>sort key value</source>
        <translation>valor da chave de ordenação</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+34"/>
        <source>upper bound</source>
        <translation>limite superior</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>Sort key value</source>
        <translation>Valor da chave de ordenação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sort key upper bound</source>
        <translation>Limite superior da chave de ordenação</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>attribute (optional)</source>
        <translation>atributo (opcional)</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+133"/>
        <source>value</source>
        <translation>valor</translation>
    </message>
    <message>
        <location line="-128"/>
        <source>Filter attribute</source>
        <translation>Atributo do filtro</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Optional: only items whose attribute matches</source>
        <translation>Opcional: só itens cujo atributo corresponde</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter operator</source>
        <translation>Operador do filtro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter value type</source>
        <translation>Tipo do valor do filtro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter value</source>
        <translation>Valor do filtro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter upper bound</source>
        <translation>Limite superior do filtro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter</source>
        <translation>Filtro</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>The attribute name {name} begins or ends with blank space, and no item read so far has it: the filter uses it exactly as typed.</source>
        <translation>O nome de atributo {name} começa ou termina com espaço, e nenhum item lido até agora o tem: o filtro o usa exatamente como digitado.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{trimmed} is another attribute.</source>
        <translation>{trimmed} é outro atributo.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>[&quot;a&quot;, &quot;b&quot;]</source>
        <translation>[&quot;a&quot;, &quot;b&quot;]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A JSON list of up to {count} values of the chosen type</source>
        <translation>Uma lista JSON de até {count} valores do tipo escolhido</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no sort key</source>
        <translation>sem chave de ordenação</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{name} is a global secondary index: GSIs only serve eventually consistent reads.</source>
        <translation>{name} é um índice secundário global: GSIs só atendem leituras eventualmente consistentes.</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The index {index} does not hold the TTL attribute {attribute}, so its rows cannot tell expired items apart: read the table to hide them.</source>
        <translation>O índice {index} não contém o atributo de TTL {attribute}, então suas linhas não distinguem os itens expirados: leia a tabela para ocultá-los.</translation>
    </message>
</context>
<context>
    <name>ReadHistoryDialog</name>
    <message>
        <location filename="../../items/history_dialog.py" line="+44"/>
        <source>Reads of {table}</source>
        <translation>Leituras de {table}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved reads</source>
        <translation>Leituras salvas</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Recent reads (most recent first)</source>
        <translation>Leituras recentes (mais recentes primeiro)</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1"/>
        <source>Name for the selected read</source>
        <translation>Nome para a leitura selecionada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save as</source>
        <translation>Salvar como</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete saved</source>
        <translation>Excluir salva</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Run</source>
        <translation>Executar</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>No reads of this table yet: run one in the Items tab and it appears here.</source>
        <translation>Nenhuma leitura desta tabela ainda: execute uma na aba Itens e ela aparece aqui.</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Type a name for the read first.</source>
        <translation>Digite primeiro um nome para a leitura.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This table has {SAVED_LIMIT} saved reads: delete one first.</source>
        <translation>Esta tabela tem {SAVED_LIMIT} leituras salvas: exclua uma primeiro.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved as {name}.</source>
        <translation>Salva como {name}.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Delete saved read?</source>
        <translation>Excluir a leitura salva?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the saved read “{name}” of {table}?</source>
        <translation>Excluir a leitura salva “{name}” de {table}?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It reads: {read}. The recent reads and the table&apos;s items stay; deleting it cannot be undone.</source>
        <translation>Ela lê: {read}. As leituras recentes e os itens da tabela continuam; a exclusão não pode ser desfeita.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete</source>
        <translation>Excluir</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Deleted {name}.</source>
        <translation>{name} excluída.</translation>
    </message>
</context>
<context>
    <name>ReadLogModel</name>
    <message>
        <location filename="../../window/read_log.py" line="+122"/>
        <source> Estimate: {estimate_basis}.</source>
        <translation> Estimativa: {estimate_basis}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>As DynamoDB reported it, and the app&apos;s own estimate from item sizes (4 KB read units, halved for eventual reads).</source>
        <translation>Como o DynamoDB informou, e a estimativa do próprio app pelo tamanho dos itens (unidades de leitura de 4 KB, pela metade em leituras eventuais).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Tables read with different consistency: {tables}.</source>
        <translation>Tabelas lidas com consistências diferentes: {tables}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Strongly consistent: reflects every write acknowledged before the read.</source>
        <translation>Fortemente consistente: reflete toda escrita confirmada antes da leitura.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Eventually consistent: may miss writes from the last second; costs half.</source>
        <translation>Eventualmente consistente: pode não ver escritas do último segundo; custa metade.</translation>
    </message>
</context>
<context>
    <name>ReadLogView</name>
    <message>
        <location line="+15"/>
        <source>Read log</source>
        <translation>Log de leituras</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Request sent</source>
        <translation>Requisição enviada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Select a read to see the exact request sent.</source>
        <translation>Selecione uma leitura para ver a requisição exata enviada.</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Copy as code…</source>
        <translation>Copiar como código…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A {operation} cannot be exported as code: only GetItem, Query and Scan can.</source>
        <translation>Um {operation} não pode ser exportado como código: só GetItem, Query e Scan podem.</translation>
    </message>
</context>
<context>
    <name>ReconnectKeeper</name>
    <message>
        <location filename="../../session/reconnect.py" line="+36"/>
        <source>Connected to {new}: what was open on {old} ({what}) was closed.</source>
        <translation>Conectado a {new}: o que estava aberto em {old} ({what}) foi fechado.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reconnected to {place}: the open tabs, the table and the query were kept.</source>
        <translation>Reconectado a {place}: as abas abertas, a tabela e a consulta foram mantidas.</translation>
    </message>
</context>
<context>
    <name>RecordsDialog</name>
    <message>
        <location filename="../../locks/live_records.py" line="+33"/>
        <source>Stream records: {title}</source>
        <translation>Registros de stream: {title}</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln change(s)</source>
        <translation>
            <numerusform>%Ln alteração</numerusform>
            <numerusform>%Ln alterações</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{changes} of this row since Live mode started, newest first. “caused by” is the write; “same moment” the records written with it (the rest of its transaction, as far as the stream shows it).</source>
        <translation>{changes} desta linha desde o início do modo ao vivo, mais recentes primeiro. “causado por” é a escrita; “mesmo momento”, os registros escritos com ela (o resto da sua transação, até onde o stream mostra).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Stream records of this row</source>
        <translation>Registros de stream desta linha</translation>
    </message>
</context>
<context>
    <name>ReleaseLockForm</name>
    <message>
        <location filename="../../builder/lock_forms.py" line="+41"/>
        <source>Release the {name} lock {value}</source>
        <translation>Liberar o bloqueio de {name} {value}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deletes the lock, only while it exists, so the {name} {value} can be used again. Release a lock only when no account holds its value: otherwise that account&apos;s value is no longer protected.</source>
        <translation>Exclui o bloqueio, só enquanto existir, para que {name} {value} possa ser usado de novo. Libere um bloqueio só quando nenhuma conta tiver o valor dele: senão o valor dessa conta deixa de estar protegido.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lock</source>
        <translation>Bloqueio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Who holds it</source>
        <translation>Quem o detém</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not checked here: run Diagnose on the value if unsure.</source>
        <translation>Não verificado aqui: use Diagnosticar no valor se tiver dúvida.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>optional, e.g. {account_pk_prefix}4c5d6e</source>
        <translation>opcional, ex.: {account_pk_prefix}4c5d6e</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+14"/>
        <source>Former owner</source>
        <translation>Dono anterior</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>If the lock was left by an account that changed its value, name it: the transaction then also checks that it no longer holds {value}.</source>
        <translation>Se o bloqueio foi deixado por uma conta que mudou de valor, informe-a: a transação então também verifica que ela não tem mais {value}.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>{value} holds {name} {value2}: this lock is not an orphan, and releasing it would leave that value unprotected. Change or delete the account instead.</source>
        <translation>{value} tem {name} {value2}: este bloqueio não é órfão, e liberá-lo deixaria esse valor desprotegido. Altere ou exclua a conta em vez disso.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{owner} holds {name} {value} (as the rule normalises it): this lock is not an orphan, and releasing it would leave that value unprotected.</source>
        <translation>{owner} detém {name} {value} (como a regra o normaliza): este bloqueio não é órfão, e liberá-lo deixaria esse valor desprotegido.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Reading the former owner…</source>
        <translation>Lendo o antigo dono…</translation>
    </message>
</context>
<context>
    <name>RepairDialog</name>
    <message>
        <location filename="../../locks/repair_dialog.py" line="+90"/>
        <source>Repair all — {name}</source>
        <translation>Reparar tudo — {name}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>these repairs</source>
        <translation>estes reparos</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no connection</source>
        <translation>sem conexão</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{summary} Table {name} on {where}.</source>
        <translation>{summary} Tabela {name} em {where}.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Each repair first re-reads its lock and account with strongly consistent reads and runs the preflight; a finding that changed since the audit is skipped. Duplicates, case clashes and expired items are listed for you to decide.</source>
        <translation>Cada reparo primeiro relê seu bloqueio e sua conta com leituras fortemente consistentes e faz a verificação prévia; um achado que mudou desde a auditoria é pulado. Duplicatas, colisões de caixa e itens expirados ficam listados para você decidir.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Nothing sent yet.</source>
        <translation>Nada enviado ainda.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Findings to repair</source>
        <translation>Achados a reparar</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Rate:</source>
        <translation>Taxa:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> per second</source>
        <translation> por segundo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At most this many findings are re-checked and repaired per second.</source>
        <translation>No máximo esta quantidade de achados é verificada de novo e reparada por segundo.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Confirmation</source>
        <translation>Confirmação</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Type {type_to_confirm} to confirm</source>
        <translation>Digite {type_to_confirm} para confirmar</translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>&amp;Repair %Ln finding(s)</source>
        <translation>
            <numerusform>&amp;Reparar %Ln achado</numerusform>
            <numerusform>&amp;Reparar %Ln achados</numerusform>
        </translation>
    </message>
    <message>
        <location line="+57"/>
        <source>&amp;Continue ({remaining} left)</source>
        <translation>&amp;Continuar (faltam {remaining})</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop after the finding in progress; Continue picks up from there.</source>
        <translation>Parar depois do achado em andamento; Continuar retoma dali.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>
Request: {request}</source>
        <translation>
Requisição: {request}</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Repairing: each finding is re-checked, then repaired…</source>
        <translation>Reparando: cada achado é verificado de novo, depois reparado…</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Stopping after the finding in progress…</source>
        <translation>Parando depois do achado em andamento…</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Cancelled. {summary} Continue picks up where it stopped.</source>
        <translation>Cancelado. {summary} Continuar retoma de onde parou.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> Stopped by an error: {error}</source>
        <translation> Parado por um erro: {error}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{name} on {where}</source>
        <translation>{name} em {where}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repair all on {name}: {summary}</source>
        <translation>Reparar tudo em {name}: {summary}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Nothing more was sent: {message}</source>
        <translation>Nada mais foi enviado: {message}</translation>
    </message>
</context>
<context>
    <name>RepairModel</name>
    <message>
        <location filename="../../locks/repair_model.py" line="+106"/>
        <source>needs a decision</source>
        <translation>precisa de uma decisão</translation>
    </message>
</context>
<context>
    <name>ResolveDuplicateForm</name>
    <message>
        <location filename="../../builder/lock_forms.py" line="+43"/>
        <source>Resolve duplicate {name} {shared}</source>
        <translation>Resolver {name} duplicado {shared}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{accounts_count} accounts hold the {name} {shared}: uniqueness is already broken. Choose the account that keeps it; another one gives it up, in one transaction that checks the kept account and its lock and changes the other only while it still holds the value.</source>
        <translation>{accounts_count} contas têm {name} {shared}: a unicidade já está quebrada. Escolha a conta que fica com ele; outra abre mão dele, em uma transação que verifica a conta mantida e seu bloqueio e altera a outra só enquanto ela ainda tiver o valor.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Keeps {name}</source>
        <translation>Fica com {name}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Gives up {name}</source>
        <translation>Abre mão de {name}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A new {name}:</source>
        <translation>Novo {name}:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No {name} (remove the attribute)</source>
        <translation>Sem {name} (remover o atributo)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the other account&apos;s new {name}</source>
        <translation>o novo {name} da outra conta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The other account&apos;s new {name}</source>
        <translation>O novo {name} da outra conta</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>It gets</source>
        <translation>Ela recebe</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Choose the account that keeps {shared}.</source>
        <translation>Escolha a conta que fica com {shared}.</translation>
    </message>
</context>
<context>
    <name>RestoreNote</name>
    <message>
        <location filename="../../builder/restore_note.py" line="+22"/>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Throw the restored work away (Ctrl+Z brings it back)</source>
        <translation>Jogar fora o trabalho restaurado (Ctrl+Z traz de volta)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+14"/>
        <source>Keep</source>
        <translation>Manter</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>Keep the restored work and hide this note</source>
        <translation>Manter o trabalho restaurado e ocultar este aviso</translation>
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
        <translation>Itens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One row per item; Enter or a selection shows it in full</source>
        <translation>Uma linha por item; Enter ou uma seleção o mostra por completo</translation>
    </message>
</context>
<context>
    <name>RowList</name>
    <message>
        <location filename="../../builder/fields.py" line="+64"/>
        <location line="+1"/>
        <source>Remove this row</source>
        <translation>Remover esta linha</translation>
    </message>
</context>
<context>
    <name>RowRepairs</name>
    <message>
        <location filename="../../locks/row_repairs.py" line="+69"/>
        <source>{why} Nothing is sent from this form: close it, and open it again from the audit or diagnosis of the table the window shows.</source>
        <translation>{why} Nada é enviado deste formulário: feche-o e abra-o de novo pela auditoria ou pelo diagnóstico da tabela que a janela mostra.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The window has no table open now.</source>
        <translation>A janela não tem mais tabela aberta.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The window shows the table {name} now.</source>
        <translation>A janela mostra agora a tabela {name}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This form was opened on the table {table} of {then}. {now}</source>
        <translation>Este formulário foi aberto na tabela {table} de {then}. {now}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{title}: nothing was opened in the builder. {why}</source>
        <translation>{title}: nada foi aberto no construtor. {why}</translation>
    </message>
</context>
<context>
    <name>SaveDraftDialog</name>
    <message>
        <location filename="../../builder/drafts_dialog.py" line="-179"/>
        <source>Save draft as</source>
        <translation>Salvar rascunho como</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Draft name</source>
        <translation>Nome do rascunho</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Saves the builder&apos;s {describe} under a name: Drafts → Open draft… brings them back.</source>
        <translation>Salva {describe} do construtor com um nome: Rascunhos → Abrir rascunho… traz de volta.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Name</source>
        <translation>&amp;Nome</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>A draft named “{name}” exists: saving replaces it.</source>
        <translation>Já existe um rascunho chamado “{name}”: salvar o substitui.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The draft could not be saved: {exc}</source>
        <translation>Não foi possível salvar o rascunho: {exc}</translation>
    </message>
</context>
<context>
    <name>SchemaActions</name>
    <message>
        <location filename="../../locks/schema_actions.py" line="+53"/>
        <source>A schema was detected from the sample, but the schema editor holds your changes: save or cancel them, then choose Detect from sample again.</source>
        <translation>Um esquema foi detectado a partir da amostra, mas o editor de esquema tem suas alterações: salve-as ou cancele-as e escolha Detectar pela amostra de novo.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not sure: this is a guess, not the table&apos;s layout. Edit it to match your items (the accounts&apos; key prefix and sort key, each lock&apos;s key template) before you save it.</source>
        <translation>Não é certo: isto é um palpite, não o layout da tabela. Edite-o para corresponder aos seus itens (o prefixo de chave e a chave de ordenação das contas, o modelo de chave de cada bloqueio) antes de salvá-lo.</translation>
    </message>
</context>
<context>
    <name>SchemaDialog</name>
    <message>
        <location filename="../../locks/schema_dialog.py" line="+140"/>
        <source>Uniqueness schema</source>
        <translation>Esquema de unicidade</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>This is your unsent edit of this table&apos;s uniqueness schema, kept when DynoView closed at {when}.</source>
        <translation>Esta é a sua edição não enviada do esquema de unicidade desta tabela, guardada quando o DynoView fechou em {when}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The schema has changed since: saving replaces it with the one below.</source>
        <translation>O esquema mudou desde então: salvar o substitui pelo abaixo.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard it and start from the schema as it is now</source>
        <translation>Descartá-la e começar do esquema como está agora</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>How accounts are recognised (pk_name begins with account_pk_prefix, sk_name equals account_sk_value) and one rule per protected attribute: pk_template with {{value}}, sk_value of the lock (it may hold {{value}} too), normalisation ({value}), and an optional index_name (a GSI keyed on the attribute, used by Diagnose).</source>
        <translation>Como as contas são reconhecidas (pk_name começa com account_pk_prefix, sk_name é igual a account_sk_value) e uma regra por atributo protegido: pk_template com {{value}}, sk_value do bloqueio (pode ter {{value}} também), normalização ({value}) e um index_name opcional (um GSI com chave no atributo, usado por Diagnosticar).</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>(keep the schema below)</source>
        <translation>(manter o esquema abaixo)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Start from a preset:</source>
        <translation>Começar de uma predefinição:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Locks table</source>
        <translation>Tabela de bloqueios</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(the locks share the accounts&apos; table)</source>
        <translation>(os bloqueios ficam na tabela das contas)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The table that holds the locks when it is not the accounts&apos; table. Its key names are locks_table.pk_name and locks_table.sk_name in the JSON below.</source>
        <translation>A tabela que guarda os bloqueios quando não é a tabela das contas. Os nomes de chave dela são locks_table.pk_name e locks_table.sk_name no JSON abaixo.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Locks table:</source>
        <translation>Tabela de bloqueios:</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Uniqueness schema (JSON)</source>
        <translation>Esquema de unicidade (JSON)</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>sk_name: {title} needs a table with a sort key (its markers differ only in their sort key). Set sk_name to the table&apos;s sort key (e.g. SK), then choose the preset again.</source>
        <translation>sk_name: {title} precisa de uma tabela com chave de ordenação (seus marcadores diferem só na chave de ordenação). Defina sk_name como a chave de ordenação da tabela (ex.: SK) e escolha o preset de novo.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>{description} Confirmed from {source}.</source>
        <translation>{description} Confirmado a partir de {source}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The JSON below could not be read, so the preset started from the schema this dialog opened with.</source>
        <translation>O JSON abaixo não pôde ser lido, então o preset partiu do esquema com que este diálogo foi aberto.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The model is {entity}, in each rule&apos;s {fields}: replace it there if your model has another name.</source>
        <translation>O modelo é {entity}, no {fields} de cada regra: substitua-o ali se o seu modelo tiver outro nome.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> and </source>
        <translation> e </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Here the service is {service}, in pk_template (${service}#value_), and the entity is {entity}, in each rule&apos;s sk_value (#entity_{entity}): replace them there if yours have other names.</source>
        <translation>Aqui o serviço é {service}, em pk_template (${service}#value_), e a entidade é {entity}, no sk_value de cada regra (#entity_{entity}): substitua-os ali se os seus tiverem outros nomes.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The scope of {rules} is {placeholder}: set it to your model&apos;s scope template (e.g. ${{tenantId}}).</source>
        <translation>O escopo de {rules} é {placeholder}: defina-o como o template de escopo do seu modelo (ex.: ${{tenantId}}).</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Locks table: &quot;{name}&quot; is not a DynamoDB table name. Use 3 to 255 letters, digits, underscores (_), hyphens (-) or dots (.), or leave the field empty when the locks share the accounts&apos; table.</source>
        <translation>Tabela de bloqueios: &quot;{name}&quot; não é um nome de tabela do DynamoDB. Use de 3 a 255 letras, dígitos, sublinhados (_), hífens (-) ou pontos (.), ou deixe o campo vazio quando os bloqueios ficam na tabela das contas.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>a string is not closed: end it with &quot; on its line</source>
        <translation>uma string não está fechada: termine-a com &quot; na mesma linha</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>line {lineno} column {colno}: not valid JSON ({msg}).</source>
        <translation>linha {lineno} coluna {colno}: JSON inválido ({msg}).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This JSON is nested far too deeply to be a schema.</source>
        <translation>Este JSON é aninhado demais para ser um esquema.</translation>
    </message>
</context>
<context>
    <name>SendBar</name>
    <message>
        <location filename="../../builder/toolbar.py" line="-41"/>
        <source>Check preflight</source>
        <translation>Pré-verificar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the accounts and locks after this transaction, without sending it (Ctrl+Shift+K)</source>
        <translation>Mostrar as contas e os bloqueios depois desta transação, sem enviá-la (Ctrl+Shift+K)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Execute</source>
        <translation>Executar</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Execute (Ctrl+Return): asks for confirmation first</source>
        <translation>Executar (Ctrl+Return): pede confirmação antes</translation>
    </message>
</context>
<context>
    <name>SendFlow</name>
    <message>
        <location filename="../../builder/send_flow.py" line="+252"/>
        <source>Preflight: reading the accounts and locks this transaction touches…</source>
        <extracomment>Tables a DescribeTable said are not on this connection -&gt; the table named like it (or None): the builder says so at their actions&apos; Table field.</extracomment>
        <translation>Verificação prévia: lendo as contas e os bloqueios que esta transação toca…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Use the proposed template, or fix the actions.</source>
        <translation>Use o modelo proposto, ou corrija as ações.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change the value, or Execute again and confirm the warning.</source>
        <translation>Altere o valor, ou Execute de novo e confirme o aviso.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Not executed: the confirmation was cancelled.</source>
        <translation>Não executada: a confirmação foi cancelada.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Not executed: the preflight&apos;s refusal or warning for these actions was not confirmed. Execute again to see it.</source>
        <translation>Não executada: a recusa ou o aviso da verificação prévia para estas ações não foi confirmado. Execute de novo para vê-lo.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Executing…</source>
        <translation>Executando…</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>{missing} The preflight did not run; nothing was sent.</source>
        <translation>{missing} A verificação prévia não foi executada; nada foi enviado.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The transaction changed during the preflight; nothing was sent. Execute again.</source>
        <translation>A transação mudou durante a verificação prévia; nada foi enviado. Execute de novo.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The preflight could not read the items this transaction touches, so nothing was sent. {message}</source>
        <translation>A verificação prévia não conseguiu ler os itens que esta transação toca, então nada foi enviado. {message}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No credentials could be had to sign the transaction, so nothing was sent. {message}</source>
        <translation>Não foi possível obter credenciais para assinar a transação, então nada foi enviado. {message}</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The connection changed before the send (from {old}, now none): nothing was sent. Connect, then press Execute again.</source>
        <translation>A conexão mudou antes do envio (de {old}, agora nenhuma): nada foi enviado. Conecte-se e clique em Executar de novo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The connection changed before the send (from {old} to {new}): nothing was sent. Press Execute again to check and send it on {new}.</source>
        <translation>A conexão mudou antes do envio (de {old} para {new}): nada foi enviado. Clique em Executar de novo para verificá-la e enviá-la em {new}.</translation>
    </message>
</context>
<context>
    <name>SessionView</name>
    <message>
        <location filename="../../session/view.py" line="+66"/>
        <location line="+163"/>
        <source>Write mode…</source>
        <extracomment>botocore&apos;s errors for an SSO token that is missing, expired or refused.</extracomment>
        <translation>Modo de escrita…</translation>
    </message>
    <message>
        <location line="-113"/>
        <source>Region {value}</source>
        <translation>Região {value}</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Sign in…</source>
        <translation>Entrar…</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Sign in with AWS SSO in your browser, then connect again</source>
        <translation>Entre com o AWS SSO no navegador, depois conecte de novo</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>identity unknown · {value}</source>
        <translation>identidade desconhecida · {value}</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no region</source>
        <translation>sem região</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>STS did not say who this is: {message}</source>
        <translation>O STS não disse quem é: {message}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Settings…</source>
        <translation>Con&amp;figurações…</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Back to read-only</source>
        <translation>Voltar a somente leitura</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refuse writes again</source>
        <translation>Recusar escritas de novo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allow writes for this session (asks for the account id)</source>
        <translation>Permitir escritas nesta sessão (pede o id da conta)</translation>
    </message>
</context>
<context>
    <name>SetEditorDialog</name>
    <message>
        <location filename="../../items/value_dialogs.py" line="-97"/>
        <source>strings</source>
        <translation>strings</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>numbers</source>
        <translation>números</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>base64 binary</source>
        <translation>binário base64</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit {name} ({code})</source>
        <translation>Editar {name} ({code})</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The members as a JSON array ({kind}): some hold line breaks, only spaces or no-break spaces, which one member per line cannot show. A set holds each member once and cannot be empty: to empty it, remove the attribute.</source>
        <translation>Os membros como um array JSON ({kind}): alguns têm quebras de linha, só espaços ou espaços não separáveis, que um membro por linha não pode mostrar. Um conjunto tem cada membro uma vez e não pode ser vazio: para esvaziá-lo, remova o atributo.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>One member per line ({kind}). A set holds each member once and cannot be empty: to empty it, remove the attribute.</source>
        <translation>Um membro por linha ({kind}). Um set tem cada membro uma vez e não pode ser vazio: para esvaziá-lo, remova o atributo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Set members as a JSON array</source>
        <translation>Membros do conjunto como array JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set members, one per line</source>
        <translation>Membros do set, um por linha</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Line {number} holds only spaces, which one member per line cannot keep apart from a blank line: delete the line, or write the set with Edit as JSON… to keep such a member.</source>
        <translation>A linha {number} só tem espaços, que um membro por linha não distingue de uma linha em branco: apague a linha, ou escreva o conjunto com Editar JSON… para manter tal membro.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../session/settings_dialog.py" line="+53"/>
        <source>Settings</source>
        <translation>Configurações</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Production connections</source>
        <translation>Conexões de produção</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Updates</source>
        <translation>Atualizações</translation>
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
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sequence numbers</source>
        <translation>Números de sequência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shards</source>
        <translation>Shards</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shards map to partitions; a closed shard&apos;s children carry on after it. Select one to start at a sequence number in it.</source>
        <translation>Shards correspondem a partições; os filhos de um shard fechado continuam depois dele. Selecione um para começar em um número de sequência dele.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Parent: {value}</source>
        <translation>Pai: {value}</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none (or trimmed)</source>
        <translation>nenhum (ou descartado)</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../../shortcuts.py" line="+161"/>
        <location line="+9"/>
        <source>Keyboard shortcuts</source>
        <translation>Atalhos de teclado</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Filter by command or key</source>
        <translation>Filtrar por comando ou tecla</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Filter shortcuts</source>
        <translation>Filtrar atalhos</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keys</source>
        <translation>Teclas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Command</source>
        <translation>Comando</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Where</source>
        <translation>Onde</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The command palette (Ctrl+K) finds every command by name too.</source>
        <translation>A paleta de comandos (Ctrl+K) também encontra qualquer comando pelo nome.</translation>
    </message>
</context>
<context>
    <name>SideTabs</name>
    <message>
        <location filename="../../builder/side_tabs.py" line="+32"/>
        <source>Request</source>
        <translation>Requisição</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+18"/>
        <source>Problems</source>
        <translation>Problemas</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Problems ({problems_count})</source>
        <translation>Problemas ({problems_count})</translation>
    </message>
</context>
<context>
    <name>SignUpForm</name>
    <message>
        <location filename="../../builder/template_forms.py" line="-171"/>
        <source>Sign up (new account)</source>
        <translation>Cadastro (nova conta)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>New id</source>
        <translation>Novo id</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generate another account id (ids are generated, never made from a value)</source>
        <translation>Gerar outro id de conta (ids são gerados, nunca feitos a partir de um valor)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Account</source>
        <translation>Conta</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the {name}, as the person types it</source>
        <translation>{name}, como a pessoa digita</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the account&apos;s {attribute}: values are unique per {attribute}</source>
        <translation>o {attribute} da conta: os valores são únicos por {attribute}</translation>
    </message>
</context>
<context>
    <name>SsoEndedOffer</name>
    <message>
        <location filename="../../session/sso_ended.py" line="+66"/>
        <source>Sign in… signs in again in your browser. This window stays connected and keeps what you typed and staged; retry what failed once signed in.</source>
        <translation>Entrar… entra de novo no seu navegador. Esta janela continua conectada e mantém o que você digitou e preparou; tente de novo o que falhou depois de entrar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sign in with AWS SSO in your browser, then retry</source>
        <translation>Entre com o AWS SSO no seu navegador e tente de novo</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Signed in with AWS SSO for profile {profile}. Retry what failed (File › Refresh tables, or the read or send again).</source>
        <translation>Conectado com AWS SSO para o perfil {profile}. Tente de novo o que falhou (Arquivo › Atualizar tabelas, ou a leitura ou o envio de novo).</translation>
    </message>
</context>
<context>
    <name>SsoSignInDialog</name>
    <message>
        <location filename="../../session/sso_dialog.py" line="+65"/>
        <source>Sign in with AWS SSO</source>
        <extracomment>How the verification page is opened (a test records it instead of starting a browser).</extracomment>
        <translation>Entrar com AWS SSO</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Profile &lt;b&gt;{profile}&lt;/b&gt; needs an AWS SSO sign-in. Your browser opens on the sign-in page; check that it shows this code, then approve.</source>
        <translation>O perfil &lt;b&gt;{profile}&lt;/b&gt; precisa de um login no AWS SSO. O navegador abre na página de login; confira se ela mostra este código, depois aprove.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Starting the sign-in…</source>
        <translation>Iniciando o login…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the browser again</source>
        <translation>Abrir o navegador de novo</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Waiting for the approval at {verification_url} …</source>
        <translation>Aguardando a aprovação em {verification_url} …</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>SSO sign-in</source>
        <translation>Login SSO</translation>
    </message>
</context>
<context>
    <name>StagedCell</name>
    <message>
        <location filename="../../items/staged_look.py" line="+34"/>
        <source>(removed)</source>
        <extracomment>The object name of a window&apos;s staged set (``staging.CellStaging``): the Items tab finds it without importing the edit code.</extracomment>
        <translation>(removido)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Staged: {value}</source>
        <translation>Preparado: {value}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>removed</source>
        <translation>removido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>was {value}</source>
        <translation>era {value}</translation>
    </message>
</context>
<context>
    <name>StagedPane</name>
    <message>
        <location filename="../../items/staged_pane.py" line="+58"/>
        <source>Undo</source>
        <extracomment>A table&apos;s uniqueness rules by its name (``AppContext.schema_for``); None: no lock notes.</extracomment>
        <translation>Desfazer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last change to the staged cells (Ctrl+Z)</source>
        <translation>Desfazer a última alteração nas células preparadas (Ctrl+Z)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drop the selected staged change (Delete)</source>
        <translation>Descartar a alteração preparada selecionada (Delete)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard all</source>
        <translation>Descartar tudo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Review and send…</source>
        <translation>Revisar e enviar…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open one guarded transaction in the builder: each item is updated only if it still holds the values you saw</source>
        <translation>Abrir uma transação protegida no construtor: cada item só é atualizado se ainda tiver os valores que você viu</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Staged changes</source>
        <translation>Alterações preparadas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Change</source>
        <translation>Alteração</translation>
    </message>
    <message numerus="yes">
        <location line="+32"/>
        <source>Staged changes (%n)</source>
        <translation>
            <numerusform>Alteração preparada (%n)</numerusform>
            <numerusform>Alterações preparadas (%n)</numerusform>
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
        <translation>Instrução PartiQL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SELECT * FROM &quot;accounts&quot; WHERE PK = ?   (Ctrl+Enter runs; Ctrl+Space completes)</source>
        <translation>SELECT * FROM &quot;accounts&quot; WHERE PK = ?   (Ctrl+Enter executa; Ctrl+Space completa)</translation>
    </message>
</context>
<context>
    <name>StreamController</name>
    <message>
        <location filename="../../stream/controller.py" line="+167"/>
        <source>Reading the stream stopped: {message}</source>
        <translation>A leitura do stream parou: {message}</translation>
    </message>
</context>
<context>
    <name>StreamControls</name>
    <message>
        <location filename="../../stream/controls.py" line="+69"/>
        <source>Refresh</source>
        <translation>Atualizar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Describe the stream again (shards open and close over time)</source>
        <translation>Descrever o stream de novo (shards abrem e fecham com o tempo)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>sequence number</source>
        <translation>número de sequência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sequence number</source>
        <translation>Número de sequência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy one from a record (right-click it), then read at or after it</source>
        <translation>Copie um de um registro (clique com o botão direito nele), depois leia a partir dele</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Read</source>
        <translation>Ler</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read every record available from this position, then stop</source>
        <translation>Ler todos os registros disponíveis a partir desta posição, depois parar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Follow</source>
        <translation>Acompanhar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep polling for new records (about twice a second)</source>
        <translation>Continuar consultando novos registros (cerca de duas vezes por segundo)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop polling without losing the position; resume within 15 minutes to reuse the iterators (after that they are re-acquired from the last record read)</source>
        <translation>Parar as consultas sem perder a posição; retome em até 15 minutos para reusar os iteradores (depois disso eles são obtidos de novo a partir do último registro lido)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stop</source>
        <translation>Parar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clear</source>
        <translation>Limpar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start at</source>
        <translation>Começar em</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>PK or PK,SK; several separated by ;</source>
        <translation>PK ou PK,SK; vários separados por ;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show only records of these keys, e.g. UNIQ#EMAIL#ada@lovelace.io; ACCT#a1f9c3. A partition key alone matches its whole item collection. Escape , or ; in a value with \</source>
        <translation>Mostrar só registros destas chaves, ex.: UNIQ#EMAIL#ada@lovelace.io; ACCT#a1f9c3. Uma chave de partição sozinha abrange toda a sua coleção de itens. Escape , ou ; em um valor com \</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Events shown</source>
        <translation>Eventos exibidos</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Keys</source>
        <translation>Chaves</translation>
    </message>
</context>
<context>
    <name>StreamEventsView</name>
    <message>
        <location filename="../../stream/view.py" line="+33"/>
        <source>Stream records</source>
        <translation>Registros de stream</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Show only this item</source>
        <translation>Mostrar só este item</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show this item collection (partition key)</source>
        <translation>Mostrar esta coleção de itens (chave de partição)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read after this record</source>
        <translation>Ler depois deste registro</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the item</source>
        <translation>Abrir o item</translation>
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
        <translation>A ordem vale por item (uma chave primária): não entre itens ou partições, nem mesmo dentro de uma transação.</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>Open a table to see its stream.</source>
        <translation>Abra uma tabela para ver seu stream.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Stream of {name}: describing…</source>
        <translation>Stream de {name}: descrevendo…</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>&lt;b&gt;Stream&lt;/b&gt; {arn}&lt;br&gt;&lt;b&gt;View type&lt;/b&gt; {view_type}: {view_type_text}&lt;br&gt;&lt;b&gt;Status&lt;/b&gt; {status}; %n shard(s), {open_shards} open. Records are kept 24 hours; reads are eventually consistent.</source>
        <translation>
            <numerusform>&lt;b&gt;Stream&lt;/b&gt; {arn}&lt;br&gt;&lt;b&gt;Tipo de visão&lt;/b&gt; {view_type}: {view_type_text}&lt;br&gt;&lt;b&gt;Status&lt;/b&gt; {status}; %n shard, {open_shards} aberto(s). Os registros são mantidos por 24 horas; as leituras são eventualmente consistentes.</numerusform>
            <numerusform>&lt;b&gt;Stream&lt;/b&gt; {arn}&lt;br&gt;&lt;b&gt;Tipo de visão&lt;/b&gt; {view_type}: {view_type_text}&lt;br&gt;&lt;b&gt;Status&lt;/b&gt; {status}; %n shards, {open_shards} aberto(s). Os registros são mantidos por 24 horas; as leituras são eventualmente consistentes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+98"/>
        <source>Caught up after %Ln record(s). Press Follow to keep watching for new ones.</source>
        <translation>
            <numerusform>Em dia depois de %Ln registro. Clique em Acompanhar para continuar observando novos.</numerusform>
            <numerusform>Em dia depois de %Ln registros. Clique em Acompanhar para continuar observando novos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+24"/>
        <source>%Ln record(s)</source>
        <translation>
            <numerusform>%Ln registro</numerusform>
            <numerusform>%Ln registros</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, {shown} shown by the filter</source>
        <translation>, {shown} exibidos pelo filtro</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{dropped} oldest dropped from view</source>
        <translation>{dropped} mais antigos retirados da vista</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{pending} being added</source>
        <translation>{pending} sendo adicionados</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>stopped</source>
        <translation>parado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>reading</source>
        <translation>lendo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>paused</source>
        <translation>pausado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>following (polling every {value:g} s)</source>
        <translation>acompanhando (consulta a cada {value:g} s)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>last poll {last_poll:%H:%M:%S}</source>
        <translation>última consulta {last_poll:%H:%M:%S}</translation>
    </message>
</context>
<context>
    <name>StreamRecordView</name>
    <message>
        <location filename="../../stream/record_view.py" line="-119"/>
        <source>Attributes changed, old and new</source>
        <translation>Atributos alterados, antigos e novos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attribute</source>
        <translation>Atributo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Change</source>
        <translation>Alteração</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Old</source>
        <translation>Antigo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New</source>
        <translation>Novo</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+4"/>
        <source>Record JSON</source>
        <translation>JSON do registro</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Old → new</source>
        <translation>Antigo → novo</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>unknown time</source>
        <translation>hora desconhecida</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> This stream carries keys only, so there is nothing to compare.</source>
        <translation> Este stream traz só as chaves, então não há nada para comparar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> No attribute changed: the write stored the same values.</source>
        <translation> Nenhum atributo mudou: a escrita gravou os mesmos valores.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>unknown view type</source>
        <translation>tipo de visão desconhecido</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> This stream ({view}) does not carry old images: the new image is below, with nothing to compare it to.</source>
        <translation> Este stream ({view}) não traz imagens antigas: a imagem nova está abaixo, sem nada com que compará-la.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> This stream ({view}) does not carry new images: the old image is below, with nothing to compare it to.</source>
        <translation> Este stream ({view}) não traz imagens novas: a imagem antiga está abaixo, sem nada com que compará-la.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> This stream ({view}) does not carry old images, so only the keys are known.</source>
        <translation> Este stream ({view}) não traz imagens antigas, então só as chaves são conhecidas.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> This stream ({view}) does not carry new images, so only the keys are known.</source>
        <translation> Este stream ({view}) não traz imagens novas, então só as chaves são conhecidas.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>not in this stream</source>
        <translation>fora deste stream</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not compared</source>
        <translation>não comparado</translation>
    </message>
</context>
<context>
    <name>TTL_LABELS</name>
    <message>
        <location filename="../../scans/ttl_labels.py" line="+24"/>
        <source>expired</source>
        <extracomment>The TTL chart&apos;s first bar: items whose TTL has passed but are still in the table.</extracomment>
        <translation>expirado</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>later</source>
        <extracomment>The TTL chart&apos;s last bar: items expiring after the last hour or day shown.</extracomment>
        <translation>depois</translation>
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
        <translation>&lt;1 d</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{first}–{last} d</source>
        <extracomment>A TTL chart bar: items expiring between {first} and {last} days from now.</extracomment>
        <translation>{first}–{last} d</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>TTL already passed; DynamoDB has not deleted these yet</source>
        <translation>TTL já passou; o DynamoDB ainda não os excluiu</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>after {start} local</source>
        <translation>depois de {start} (hora local)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{start} – {end} local ({start_utc}–{end_utc} UTC)</source>
        <translation>{start} – {end} hora local ({start_utc}–{end_utc} UTC)</translation>
    </message>
</context>
<context>
    <name>TablesPanel</name>
    <message>
        <location filename="../../window/tables_panel.py" line="-206"/>
        <source>Filter tables (Ctrl+T)</source>
        <translation>Filtrar tabelas (Ctrl+T)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Filter tables</source>
        <translation>Filtrar tabelas</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>Tables</source>
        <translation>Tabelas</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Description</source>
        <translation>Descrição</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Open {name} in a new Items tab</source>
        <translation>Abrir {name} em uma nova aba de Itens</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Create table…</source>
        <translation>Criar tabela…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete {name}…</source>
        <translation>Excluir {name}…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Connect to a local endpoint (such as DynamoDB Local) to {action}.</source>
        <translation>Conecte-se a um endpoint local (como o DynamoDB Local) para {action}.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Create a table on this local endpoint</source>
        <translation>Criar uma tabela neste endpoint local</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the selected table on this local endpoint</source>
        <translation>Excluir a tabela selecionada neste endpoint local</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Select a table to delete in the Tables list.</source>
        <translation>Selecione uma tabela para excluir na lista de Tabelas.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Tables ({names_count})</source>
        <translation>Tabelas ({names_count})</translation>
    </message>
</context>
<context>
    <name>TaskRunner</name>
    <message>
        <location filename="../../tasks.py" line="+182"/>
        <source>(while handling an error of task {name!r})</source>
        <translation>(ao tratar um erro da tarefa {name!r})</translation>
    </message>
</context>
<context>
    <name>TemplateForm</name>
    <message>
        <location filename="../../builder/form_base.py" line="+159"/>
        <source>This template as a Python (boto3) or TypeScript function, with an example sending the form&apos;s values (Alt+E)</source>
        <extracomment>The note&apos;s object name once the window moved away from where the form opened (tests).</extracomment>
        <translation>Este modelo como função Python (boto3) ou TypeScript, com um exemplo que envia os valores do formulário (Alt+E)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The transaction</source>
        <translation>A transação</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>&lt;/ol&gt;&lt;p&gt;Nothing is sent yet: the builder shows the exact request to review, then Execute asks for confirmation.&lt;/p&gt;</source>
        <translation>&lt;/ol&gt;&lt;p&gt;Nada é enviado ainda: o construtor mostra a requisição exata para revisão, depois Executar pede confirmação.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;p&gt;Fill in the form: the actions appear here once it is valid.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Preencha o formulário: as ações aparecem aqui quando ele estiver válido.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>TemplateRunner</name>
    <message>
        <location filename="../../builder/template_runner.py" line="+132"/>
        <source>Could not read the selected account&apos;s locks, so no repair is offered: </source>
        <translation>Não foi possível ler os bloqueios da conta selecionada, então nenhum reparo é oferecido: </translation>
    </message>
    <message>
        <location line="+33"/>
        <source>{replace} does not apply to the selection.</source>
        <translation>{replace} não se aplica à seleção.</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>{title}: nothing was opened in the builder. {why}</source>
        <translation>{title}: nada foi aberto no construtor. {why}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{windowTitle}: review the request, then Execute.</source>
        <translation>{windowTitle}: revise a requisição, depois Execute.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>{describe_account} has no {name}: there is no lock to claim.</source>
        <translation>{describe_account} não tem {name}: não há bloqueio para criar.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reading the {name} lock {lock_pk}…</source>
        <translation>Lendo o bloqueio de {name} {lock_pk}…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The {name} lock {lock_pk} already exists: nothing to claim. Diagnose the value to see who holds it.</source>
        <translation>O bloqueio de {name} {lock_pk} já existe: nada para criar. Diagnostique o valor para ver quem o detém.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{describe_account} has no {name}.</source>
        <translation>{describe_account} não tem {name}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Looking for the accounts holding {name} {value}…</source>
        <translation>Procurando as contas que têm {name} {value}…</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>no account</source>
        <translation>nenhuma conta</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only {who} holds {name} {value}: there is no duplicate to resolve.</source>
        <translation>Só {who} tem {name} {value}: não há duplicata para resolver.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>{name} is a protected value: your edit opens as the Change {name} template, which moves its lock in the same transaction.</source>
        <translation>{name} é um valor protegido: sua edição abre como o modelo Trocar {name}, que move o bloqueio na mesma transação.</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>{names} (is a protected value|are protected values) ({moved}): the edited account is written only if it still holds the values you saw, and the same transaction puts each new lock (only where none exists) and releases each old one. Review, then Execute.</source>
        <translation>
            <numerusform>{names} é um valor protegido ({moved}): a conta editada só é escrita se ainda tiver os valores que você viu, e a mesma transação faz o Put de cada novo bloqueio (só onde não existe nenhum) e libera cada bloqueio antigo. Revise, depois Execute.</numerusform>
            <numerusform>{names} são valores protegidos ({moved}): a conta editada só é escrita se ainda tiver os valores que você viu, e a mesma transação faz o Put de cada novo bloqueio (só onde não existe nenhum) e libera cada bloqueio antigo. Revise, depois Execute.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TextEditorDialog</name>
    <message>
        <location filename="../../items/value_dialogs.py" line="+78"/>
        <source>Edit {name} ({code})</source>
        <translation>Editar {name} ({code})</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The binary value as base64 ({count} characters), too long for the cell&apos;s line.</source>
        <translation>O valor binário em base64 ({count} caracteres), longo demais para a linha da célula.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The string ({count} characters) as one JSON string, in double quotes: it holds characters this editor would change (carriage returns, line or paragraph separators, no-break spaces), shown escaped.</source>
        <translation>A string ({count} caracteres) como uma string JSON, entre aspas duplas: ela tem caracteres que este editor mudaria (retornos de carro, separadores de linha ou de parágrafo, espaços não separáveis), mostrados com escape.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The string as it is stored ({count} characters), too long for the cell&apos;s line; line breaks are part of it.</source>
        <translation>A string como está armazenada ({count} caracteres), longa demais para a linha da célula; as quebras de linha fazem parte dela.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Value as a JSON string</source>
        <translation>Valor como string JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Type the value as one JSON string, in double quotes (&quot;…&quot;), its special characters escaped as shown.</source>
        <translation>Digite o valor como uma string JSON, entre aspas duplas (&quot;…&quot;), com seus caracteres especiais escapados como mostrado.</translation>
    </message>
</context>
<context>
    <name>TextKeeper</name>
    <message>
        <location filename="../../kept_text.py" line="+105"/>
        <source>This is open in another window too: what you type here is not kept in case DynoView closes (that window&apos;s edit is). Save or cancel one of them.</source>
        <extracomment>Another dialog (any window, any process) keeps this subject: this one leaves it alone.</extracomment>
        <translation>Isto também está aberto em outra janela: o que você digita aqui não é guardado caso o DynoView feche (a edição daquela janela é). Salve ou cancele uma delas.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The edit kept earlier could not be deleted ({error}): this dialog offers it again the next time it opens. Discard it then, once the folder can be written.</source>
        <translation>A edição guardada antes não pôde ser excluída ({error}): esta caixa de diálogo a oferece de novo na próxima vez que abrir. Descarte-a então, quando a pasta puder ser gravada.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Your changes here could not be kept in case DynoView closes ({error}): save or copy them before you quit.</source>
        <translation>Suas alterações aqui não puderam ser guardadas caso o DynoView feche ({error}): salve ou copie-as antes de sair.</translation>
    </message>
</context>
<context>
    <name>TokenRow</name>
    <message>
        <location filename="../../builder/token_row.py" line="+29"/>
        <source>ClientRequestToken: resending with the same token is idempotent for 10 minutes</source>
        <translation>ClientRequestToken: reenviar com o mesmo token é idempotente por 10 minutos</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Regenerate</source>
        <translation>Gerar outro</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A new token: DynamoDB treats the next send as a new request</source>
        <translation>Um novo token: o DynamoDB trata o próximo envio como uma nova requisição</translation>
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
        <translation>Exportar…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write the current result or the whole table to a file: DynamoDB JSON lines, plain JSON lines or CSV</source>
        <translation>Escrever o resultado atual ou a tabela inteira em um arquivo: linhas DynamoDB JSON, linhas JSON simples ou CSV</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy to table…</source>
        <translation>Copiar para tabela…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+21"/>
        <source>Copy the selected items (or the whole result) to another table, through guarded Puts in the transaction builder</source>
        <translation>Copiar os itens selecionados (ou o resultado inteiro) para outra tabela, com Puts protegidos no construtor de transações</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Import…</source>
        <translation>Importar…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+26"/>
        <source>Load items into this table from JSON lines, a JSON array, DynamoDB JSON, CSV or an S3 export, in guarded batches</source>
        <translation>Carregar itens nesta tabela a partir de linhas JSON, um array JSON, DynamoDB JSON, CSV ou uma exportação do S3, em lotes protegidos</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>This connection is read-only: importing writes items.</source>
        <translation>Esta conexão é somente leitura: importar escreve itens.</translation>
    </message>
</context>
<context>
    <name>TtlTimelinePanel</name>
    <message>
        <location filename="../../scans/ttl_timeline_panel.py" line="+122"/>
        <source>Scan the table to see when its items expire.</source>
        <translation>Faça o Scan da tabela para ver quando seus itens expiram.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>expires in (from now)</source>
        <translation>expira em (a partir de agora)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>items</source>
        <translation>itens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan the table to see its TTL timeline.</source>
        <translation>Faça o Scan da tabela para ver sua linha do tempo de TTL.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Auto</source>
        <translation>Auto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per hour</source>
        <translation>Por hora</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per day</source>
        <translation>Por dia</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Group expiries per hour or per day ahead (Auto picks hours when everything expires within 48 hours)</source>
        <translation>Agrupar expirações por hora ou por dia (Auto escolhe horas quando tudo expira em até 48 horas)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>up to </source>
        <translation>até </translation>
    </message>
    <message>
        <location line="+1"/>
        <source> items</source>
        <translation> itens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A bounded Scan of keys and the TTL attribute only; every page leaves a read receipt</source>
        <translation>Um Scan limitado só das chaves e do atributo de TTL; cada página deixa um recibo de leitura</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scan table</source>
        <translation>Scan da tabela</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the keys and TTL attribute of up to this many items</source>
        <translation>Ler as chaves e o atributo de TTL de até esta quantidade de itens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export PNG…</source>
        <translation>Exportar PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the chart as a PNG image</source>
        <translation>Salvar o gráfico como imagem PNG</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group</source>
        <translation>Agrupar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Items to scan</source>
        <translation>Itens a ler</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+45"/>
        <location line="+99"/>
        <source>Click a bar to list its items.</source>
        <translation>Clique em uma barra para listar seus itens.</translation>
    </message>
    <message>
        <location line="-141"/>
        <location line="+11"/>
        <source>TTL value</source>
        <translation>Valor do TTL</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Expires (local time)</source>
        <translation>Expira (hora local)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+11"/>
        <source>Key</source>
        <translation>Chave</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click an item to open it</source>
        <translation>Clique duas vezes em um item para abri-lo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items of the selected bar</source>
        <translation>Itens da barra selecionada</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+32"/>
        <location line="+131"/>
        <source>Will never expire</source>
        <translation>Nunca vai expirar</translation>
    </message>
    <message>
        <location line="-161"/>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items that will never expire</source>
        <translation>Itens que nunca vão expirar</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Open a table to see its TTL timeline.</source>
        <translation>Abra uma tabela para ver sua linha do tempo de TTL.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>TTL attribute: {ttl_attribute}. Scan the table to see when its items expire.</source>
        <translation>Atributo de TTL: {ttl_attribute}. Faça o Scan da tabela para ver quando seus itens expiram.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Scanning {name} (keys and {ttl_attribute} only)…</source>
        <translation>Fazendo Scan de {name} (só as chaves e {ttl_attribute})…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>every item</source>
        <translation>todos os itens</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>the first %Ln item(s)</source>
        <translation>
            <numerusform>o primeiro item (%Ln)</numerusform>
            <numerusform>os primeiros %Ln itens</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a Scan of {scope}</source>
        <translation>um Scan de {scope}</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>Charting %Ln item(s) by expiry…</source>
        <translation>
            <numerusform>Organizando %Ln item por expiração…</numerusform>
            <numerusform>Organizando %Ln itens por expiração…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+22"/>
        <source>
Oldest: {key_text}</source>
        <translation>
Mais antigo: {key_text}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Items by expiry, per hour ahead ({attribute})</source>
        <translation>Itens por expiração, por hora à frente ({attribute})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items by expiry, per day ahead ({attribute})</source>
        <translation>Itens por expiração, por dia à frente ({attribute})</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>From {source}: {summary}</source>
        <translation>De {source}: {summary}</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>expired but still present (oldest first)</source>
        <translation>expirados mas ainda presentes (mais antigos primeiro)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expiring {label} from now</source>
        <translation>expirando daqui a {label}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expiring later</source>
        <translation>expirando depois</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, first {shown} shown</source>
        <translation>, primeiros {shown} exibidos</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln item(s) {what}{more}.</source>
        <translation>
            <numerusform>%Ln item {what}{more}.</numerusform>
            <numerusform>%Ln itens {what}{more}.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Will never expire (first {shown} of {total} shown)</source>
        <translation>Nunca vão expirar (primeiros {shown} de {total} mostrados)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Export chart as PNG</source>
        <translation>Exportar gráfico como PNG</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Could not write {path}. Choose a folder you can write to and try again.</source>
        <translation>Não foi possível escrever {path}. Escolha uma pasta onde você possa escrever e tente de novo.</translation>
    </message>
</context>
<context>
    <name>UnkeptWork</name>
    <message>
        <location filename="../../window/closing.py" line="+104"/>
        <source>The changes staged in the Items tab could not be kept for the next start ({reason}).</source>
        <extracomment>Set to True on the window when it closes without a person to answer (SIGTERM, logout).</extracomment>
        <translation>As alterações preparadas na aba Itens não puderam ser guardadas para a próxima inicialização ({reason}).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The statement typed in the PartiQL tab could not be kept for the next start: {problem}.</source>
        <translation>A instrução digitada na aba PartiQL não pôde ser guardada para a próxima inicialização: {problem}.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Unsent work that could not be kept</source>
        <translation>Trabalho não enviado que não pôde ser guardado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Closing now loses unsent work: DynoView could not keep it for the next start.</source>
        <translation>Fechar agora perde trabalho não enviado: o DynoView não conseguiu guardá-lo para a próxima inicialização.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Free some space (or fix the drafts folder) and choose Try again; Cancel keeps the window open, to send the work or copy it elsewhere.</source>
        <translation>Libere espaço (ou conserte a pasta de rascunhos) e escolha Tentar de novo; Cancelar mantém a janela aberta, para enviar o trabalho ou copiá-lo para outro lugar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Try again</source>
        <translation>Tentar de novo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close without it</source>
        <translation>Fechar sem ele</translation>
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
        <translation>Sua última sessão deixou trabalho não enviado no construtor de transações.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the builder (Ctrl+B) to carry on with it or discard it; nothing is sent until you say so.</source>
        <translation>Abra o construtor (Ctrl+B) para continuar ou descartá-lo; nada é enviado até você pedir.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open the builder</source>
        <translation>Abrir o construtor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Later</source>
        <translation>Depois</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>an unknown time</source>
        <translation>um horário desconhecido</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Your last session&apos;s transaction was already applied: it is not unsent work.</source>
        <translation>A transação da sua última sessão já foi aplicada: não é trabalho não enviado.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It was applied at {when} (token {token}), so the builder does not bring it back: executing it again would write it a second time. Open the builder (Ctrl+B) for its note; Action log shows its request.</source>
        <translation>Ela foi aplicada em {when} (token {token}), então o construtor não a traz de volta: executá-la de novo a gravaria uma segunda vez. Abra o construtor (Ctrl+B) para ver a nota; o Registro de ações mostra a requisição.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Your last session sent a transaction and its outcome is not known: it may have been written.</source>
        <translation>Sua última sessão enviou uma transação e o resultado não é conhecido: ela pode ter sido gravada.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>It was sent at {when} (token {token}) and is back in the transaction builder. Open the builder (Ctrl+B) to see it, and check the items or the Action log before you send it again: Execute sends it again under the same token, which DynamoDB applies at most once within 10 minutes of its first send.</source>
        <translation>Ela foi enviada em {when} (token {token}) e está de volta no construtor de transações. Abra o construtor (Ctrl+B) para vê-la, e verifique os itens ou o Registro de ações antes de enviá-la de novo: Executar a envia de novo com o mesmo token, que o DynamoDB aplica no máximo uma vez em até 10 minutos do primeiro envio.</translation>
    </message>
</context>
<context>
    <name>UpdateController</name>
    <message>
        <location filename="../../updates/controller.py" line="+99"/>
        <source>Your answer applies until DynoView closes.</source>
        <translation>Sua resposta vale até o DynoView fechar.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It could not be saved in {folder} ({error}), so the question comes back at the next start: make that folder writable (or free space on its disk), then answer it again.</source>
        <translation>Ela não pôde ser salva em {folder} ({error}), então a pergunta volta na próxima inicialização: torne essa pasta gravável (ou libere espaço no disco), depois responda de novo.</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>{version} is not announced again until DynoView closes.</source>
        <translation>{version} não é anunciada de novo até o DynoView fechar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skipping it could not be saved in {folder} ({error}), so it is announced again at the next start: make that folder writable (or free space on its disk), then skip it again.</source>
        <translation>Pular não pôde ser salvo em {folder} ({error}), então ela é anunciada de novo na próxima inicialização: torne essa pasta gravável (ou libere espaço no disco), depois pule-a de novo.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>You have the latest version ({version}).</source>
        <translation>Você tem a versão mais recente ({version}).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The newest version, {version}, is the one you chose to skip.</source>
        <translation>A versão mais recente, {version}, é a que você escolheu pular.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not check for new versions: {error}.</source>
        <translation>Não foi possível procurar novas versões: {error}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check for updates</source>
        <translation>Verificar atualizações</translation>
    </message>
</context>
<context>
    <name>UpdateNotice</name>
    <message>
        <location filename="../../updates/notice.py" line="-19"/>
        <source>{APP_NAME} {version} is available. You have {current}.</source>
        <translation>O {APP_NAME} {version} está disponível. Você tem a {current}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its page says what changed and how to install it. {APP_NAME} does not install anything itself.</source>
        <translation>A página dela diz o que mudou e como instalar. O {APP_NAME} não instala nada sozinho.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open its page</source>
        <translation>Abrir a página</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip this version</source>
        <translation>Pular esta versão</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Later</source>
        <translation>Depois</translation>
    </message>
</context>
<context>
    <name>UpdateSwitch</name>
    <message>
        <location filename="../../updates/settings_section.py" line="+32"/>
        <source>Check for new &amp;versions daily</source>
        <translation>Verificar novas &amp;versões diariamente</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{APP_NAME} asks {host} for the number of the newest version, at most once a day, and sends nothing about you, your connections or your tables. It never installs anything.</source>
        <translation>O {APP_NAME} pergunta a {host} o número da versão mais recente, no máximo uma vez por dia, e não envia nada sobre você, suas conexões ou suas tabelas. Ele nunca instala nada.</translation>
    </message>
</context>
<context>
    <name>WindowRouter</name>
    <message>
        <location filename="../../window/router.py" line="+69"/>
        <source>Table {name} was deleted.</source>
        <translation>A tabela {name} foi excluída.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Table {name} is not on this connection.</source>
        <translation>A tabela {name} não está nesta conexão.</translation>
    </message>
</context>
<context>
    <name>WindowStatus</name>
    <message>
        <location filename="../../window/status_bar.py" line="+24"/>
        <source>No reads yet</source>
        <translation>Nenhuma leitura ainda</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last read: operation, consistency, capacity, duration</source>
        <translation>A última leitura: operação, consistência, capacidade, duração</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+36"/>
        <source>Not connected</source>
        <translation>Não conectado</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Last read: </source>
        <translation>Última leitura: </translation>
    </message>
</context>
<context>
    <name>WriteModeDialog</name>
    <message>
        <location filename="../../session/write_mode_dialog.py" line="+28"/>
        <source>Write to production?</source>
        <translation>Escrever em produção?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the account id &lt;b&gt;{account}&lt;/b&gt;</source>
        <translation>o id da conta &lt;b&gt;{account}&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the connection name &lt;b&gt;{name}&lt;/b&gt;</source>
        <translation>o nome da conexão &lt;b&gt;{name}&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;{name}&lt;/b&gt; is a production connection and opened read-only. To allow writes until you disconnect or switch back, type {what}.</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; é uma conexão de produção e abriu somente leitura. Para permitir escritas até você desconectar ou voltar atrás, digite {what}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>AWS account id</source>
        <translation>Id da conta AWS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>account id</source>
        <translation>id da conta</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>connection name</source>
        <translation>nome da conexão</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Allow writes</source>
        <translation>Permitir escritas</translation>
    </message>
</context>
<context>
    <name>_StageDialog</name>
    <message>
        <location filename="../../items/value_dialogs.py" line="-253"/>
        <source>Stage</source>
        <extracomment>The dialog&apos;s fields that are kept: the text, and the form it is typed in (lines or JSON).</extracomment>
        <translation>Preparar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stage the value (Ctrl+Enter); nothing is written until Review and send…</source>
        <translation>Preparar o valor (Ctrl+Enter); nada é gravado até Revisar e enviar…</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>This is your unsent edit of {name}, kept when DynoView closed at {when}: stage it, or discard it.</source>
        <translation>Esta é sua edição não enviada de {name}, guardada quando o DynoView fechou em {when}: prepare-a, ou descarte-a.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The value has changed since: check that your edit does not undo that change.</source>
        <translation>O valor mudou desde então: verifique se sua edição não desfaz essa mudança.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discard it and start from the value as it is now</source>
        <translation>Descartá-la e começar do valor atual</translation>
    </message>
</context>
<context>
    <name>accessible</name>
    <message>
        <location filename="../../accessible.py" line="+23"/>
        <source>Clear</source>
        <translation>Limpar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear the text</source>
        <translation>Limpar o texto</translation>
    </message>
</context>
<context>
    <name>builder.action_list_view</name>
    <message>
        <location filename="../../builder/action_list_view.py" line="-68"/>
        <source>passed, not written</source>
        <translation>passou, não escrito</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>not written</source>
        <translation>não escrito</translation>
    </message>
</context>
<context>
    <name>builder.code_export_view</name>
    <message>
        <location filename="../../builder/code_export_view.py" line="-82"/>
        <source>example() sends this form&apos;s transaction to the table with a new token: the same guarded write the builder would execute. Running the Python file calls it; the TypeScript module exports it (await example()).</source>
        <extracomment>Shown above the code, translated there (lupdate reads the literal context).</extracomment>
        <translation>example() envia a transação deste formulário à tabela com um novo token: a mesma gravação protegida que o construtor executaria. Executar o arquivo Python a chama; o módulo TypeScript a exporta (await example()).</translation>
    </message>
</context>
<context>
    <name>builder.dialogs</name>
    <message>
        <location filename="../../builder/dialogs.py" line="-91"/>
        <source>Uses the default credential chain (environment, profile, SSO or role); no credentials are included.</source>
        <translation>Usa a cadeia de credenciais padrão (ambiente, perfil, SSO ou função); nenhuma credencial é incluída.</translation>
    </message>
</context>
<context>
    <name>builder.drafts_prompts</name>
    <message>
        <location filename="../../builder/drafts_prompts.py" line="-87"/>
        <source>Unsent work in the transaction builder</source>
        <extracomment>Set to True on the window when it closes without a person to answer (SIGTERM, SIGINT).</extracomment>
        <translation>Trabalho não enviado no construtor de transações</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import over unsent actions</source>
        <translation>Importar sobre ações não enviadas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open over unsent actions</source>
        <translation>Abrir sobre ações não enviadas</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The transaction builder holds {describe}.</source>
        <translation>O construtor de transações tem {describe}.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save as draft keeps the work as “{name}” (Drafts → Open draft…) and shows it again when DynoView starts. Discard throws it away.</source>
        <translation>Salvar como rascunho guarda o trabalho como “{name}” (Rascunhos → Abrir rascunho…) e o mostra de novo quando o DynoView iniciar. Descartar o joga fora.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save as draft</source>
        <translation>Salvar como rascunho</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The draft could not be saved ({exc}), so DynoView stays open: export the request (Export) or try again.</source>
        <translation>Não foi possível salvar o rascunho ({exc}), então o DynoView continua aberto: exporte a requisição (Exportar) ou tente de novo.</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Either way, Ctrl+Z undoes the import.</source>
        <translation>De qualquer forma, Ctrl+Z desfaz a importação.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Ctrl+Z undoes Replace or Append. Cancel leaves the builder as it is and keeps the new transaction as the draft “{name}” (Drafts → Open draft…).</source>
        <translation>Ctrl+Z desfaz Substituir ou Acrescentar. Cancelar deixa o construtor como está e guarda a nova transação como o rascunho “{name}” (Rascunhos → Abrir rascunho…).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Replace</source>
        <translation>Substituir</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Append</source>
        <translation>Acrescentar</translation>
    </message>
</context>
<context>
    <name>builder.form_base</name>
    <message>
        <location filename="../../builder/form_base.py" line="-208"/>
        <source>Open in builder</source>
        <translation>Abrir no construtor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export as code…</source>
        <translation>&amp;Exportar como código…</translation>
    </message>
</context>
<context>
    <name>builder.owner_read</name>
    <message>
        <location filename="../../builder/owner_read.py" line="+30"/>
        <source>Connect to the table first: the former owner is read before the release is built.</source>
        <translation>Conecte-se à tabela primeiro: o antigo dono é lido antes de a liberação ser montada.</translation>
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
        <translation>Ainda não verificado. Executar faz a verificação prévia antes (leituras fortemente consistentes de cada conta e bloqueio que a transação toca); Pré-verificar (Ctrl+Shift+K) faz só a verificação.</translation>
    </message>
</context>
<context>
    <name>builder.problems_view</name>
    <message>
        <location filename="../../builder/problems_view.py" line="-14"/>
        <source>Nothing to check yet: add an action (Add action) or start from a template (Templates), or import a request (Import JSON).</source>
        <translation>Nada para verificar ainda: adicione uma ação (Nova ação), comece de um modelo (Modelos) ou importe uma requisição (Importar JSON…).</translation>
    </message>
</context>
<context>
    <name>builder.side_tabs</name>
    <message>
        <location filename="../../builder/side_tabs.py" line="-31"/>
        <source>After this transaction</source>
        <translation>Depois desta transação</translation>
    </message>
</context>
<context>
    <name>builder.template_forms</name>
    <message>
        <location filename="../../builder/template_forms.py" line="+150"/>
        <source>Change or delete the selection</source>
        <translation>Alterar ou excluir a seleção</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repairs (each reads the table first, or says what it checks)</source>
        <translation>Reparos (cada um lê a tabela antes, ou diz o que verifica)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not offered</source>
        <translation>Não oferecidos</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Select an account or lock (in Items, Accounts &amp; locks or a diagnosis) to change, delete or repair it</source>
        <translation>Selecione uma conta ou um bloqueio (em Itens, Contas e bloqueios ou um diagnóstico) para alterar, excluir ou reparar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reading the account&apos;s locks (strongly consistent GetItem) to see which repairs apply…</source>
        <translation>Lendo os bloqueios da conta (GetItem fortemente consistente) para ver quais reparos se aplicam…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Sign up (new account)…</source>
        <translation>Cadastro (nova conta)…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Change {rule} of {who} ({value})…</source>
        <translation>Trocar {rule} de {who} ({value})…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Delete account {who} and its locks…</source>
        <translation>Excluir a conta {who} e seus bloqueios…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Claim the missing {rule} lock of {who} ({shown})…</source>
        <translation>Criar o bloqueio ausente de {rule} de {who} ({shown})…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Resolve duplicate {rule} {shown} of {who}…</source>
        <translation>Resolver {rule} duplicado {shown} de {who}…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Release lock {who}…</source>
        <translation>Liberar o bloqueio {who}…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete item {who} (guarded)</source>
        <translation>Excluir o item {who} (protegido)</translation>
    </message>
</context>
<context>
    <name>builder.template_runner</name>
    <message>
        <location filename="../../builder/template_runner.py" line="-282"/>
        <source>Select an account or lock first (in Items, Accounts &amp; locks or a diagnosis): the templates act on the selection.</source>
        <translation>Selecione primeiro uma conta ou um bloqueio (em Itens, Contas e bloqueios ou um diagnóstico): os modelos agem sobre a seleção.</translation>
    </message>
</context>
<context>
    <name>builder.undo</name>
    <message>
        <location filename="../../builder/undo.py" line="-81"/>
        <source>Add action</source>
        <translation>Adicionar ação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add {old_count} actions</source>
        <translation>Adicionar {old_count} ações</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Remove action</source>
        <translation>Remover ação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove {new_count} actions</source>
        <translation>Remover {new_count} ações</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Change token</source>
        <translation>Trocar token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit</source>
        <translation>Editar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move action</source>
        <translation>Mover ação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit action {changed}</source>
        <translation>Editar a ação {changed}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit actions</source>
        <translation>Editar ações</translation>
    </message>
</context>
<context>
    <name>codegen.read_code_dialog</name>
    <message>
        <location filename="../../codegen/read_code_dialog.py" line="-46"/>
        <source>The code sends the same request, reads every page and prints the items; it writes nothing.</source>
        <extracomment>The chooser&apos;s entries, in order: each language and which SDK or tool it uses.</extracomment>
        <translation>O código envia a mesma requisição, lê todas as páginas e imprime os itens; ele não escreve nada.</translation>
    </message>
</context>
<context>
    <name>crash</name>
    <message>
        <location filename="../../crash.py" line="+12"/>
        <source>a new e-mail</source>
        <translation>um novo e-mail</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a new issue in your browser</source>
        <translation>uma nova issue no seu navegador</translation>
    </message>
</context>
<context>
    <name>items.base_items</name>
    <message>
        <location filename="../../items/base_items.py" line="+17"/>
        <source>The item {key} is no longer in {table}: nothing to edit. Run the read again.</source>
        <translation>O item {key} não está mais em {table}: nada a editar. Execute a leitura de novo.</translation>
    </message>
</context>
<context>
    <name>items.detail</name>
    <message>
        <location filename="../../items/detail.py" line="-261"/>
        <source>
… cut here for display; Copy as JSON copies the whole item.</source>
        <translation>
… cortado aqui para exibição; Copiar JSON copia o item inteiro.</translation>
    </message>
</context>
<context>
    <name>items.read_form</name>
    <message>
        <location filename="../../items/read_form.py" line="-308"/>
        <source>(table)</source>
        <translation>(tabela)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Strong reads see every acknowledged write and cost twice as much as eventual reads.</source>
        <translation>Leituras fortes veem toda escrita confirmada e custam o dobro das leituras eventuais.</translation>
    </message>
</context>
<context>
    <name>items.rows</name>
    <message>
        <location filename="../../items/rows.py" line="+35"/>
        <source>TTL status</source>
        <translation>Status de TTL</translation>
    </message>
</context>
<context>
    <name>json_text</name>
    <message>
        <location filename="../../json_text.py" line="+59"/>
        <source>a no-break space (U+00A0), which this editor would read back as a space</source>
        <translation>um espaço não separável (U+00A0), que este editor leria como um espaço</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a line separator (U+2028), which this editor would read back as a line break</source>
        <translation>um separador de linha (U+2028), que este editor leria como uma quebra de linha</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Line {line}, column {column} holds {what}: type it as \u{code} (a JSON escape) to keep it, or replace it.</source>
        <translation>A linha {line}, coluna {column} contém {what}: digite-o como \u{code} (um escape JSON) para mantê-lo, ou substitua-o.</translation>
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
        <translation>Bloqueio ausente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Orphan lock</source>
        <translation>Bloqueio órfão</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duplicate value</source>
        <translation>Valor duplicado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expired</source>
        <translation>Expirado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Case or normalisation clash</source>
        <translation>Colisão de caixa ou normalização</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lookalike clash</source>
        <translation>Colisão por semelhança</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No value</source>
        <translation>Sem valor</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>stuck signup</source>
        <translation>cadastro travado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>left behind by a change</source>
        <translation>deixado por uma alteração</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>left by a deleted account</source>
        <translation>deixado por uma conta excluída</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>origin unknown</source>
        <translation>origem desconhecida</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>strong</source>
        <translation>forte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>eventual</source>
        <translation>eventual</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mixed</source>
        <translation>mista</translation>
    </message>
</context>
<context>
    <name>locks.diagnose_flow</name>
    <message>
        <location filename="../../locks/diagnose_flow.py" line="+32"/>
        <source>Type the value to diagnose (an email or a username).</source>
        <translation>Digite o valor a diagnosticar (um e-mail ou um nome de usuário).</translation>
    </message>
</context>
<context>
    <name>locks.export</name>
    <message>
        <location filename="../../locks/export.py" line="+32"/>
        <source>Export audit findings</source>
        <translation>Exportar achados da auditoria</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export audit report</source>
        <translation>Exportar relatório da auditoria</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Run the audit first: there is nothing to export yet.</source>
        <translation>Execute a auditoria primeiro: ainda não há nada para exportar.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The audit was cancelled: the file covers only the items read.</source>
        <translation>A auditoria foi cancelada: o arquivo cobre apenas os itens lidos.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export cancelled: {path} was left as it was.</source>
        <translation>Exportação cancelada: {path} ficou como estava.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export cancelled: no file was written to {path}.</source>
        <translation>Exportação cancelada: nenhum arquivo foi gravado em {path}.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>An export is already being written to {path}: wait for it to finish, or cancel it, before exporting again.</source>
        <translation>Uma exportação já está sendo gravada em {path}: espere terminar, ou cancele-a, antes de exportar de novo.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The audit was not exported: {reason}</source>
        <translation>A auditoria não foi exportada: {reason}</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Export failed</source>
        <translation>Falha na exportação</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Exported every finding the grid shows ({count}): the audit&apos;s, with the changes Live mode applied since ({cleared} resolved, {added} new or changed), to {path}; the window&apos;s filter and search do not apply.</source>
        <translation>Exportados todos os achados que a grade mostra ({count}): os da auditoria, com as mudanças aplicadas desde então pelo modo Live ({cleared} resolvidos, {added} novos ou alterados), para {path}; o filtro e a busca da janela não se aplicam.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Exported every finding of the audit ({count}) to {path}; the window&apos;s filter and search do not apply.</source>
        <translation>Todos os achados da auditoria ({count}) foram exportados para {path}; o filtro e a busca da janela não se aplicam.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The audit was not exported: {path} could not be written ({reason}). Choose a folder that exists and that you can write to.</source>
        <translation>A auditoria não foi exportada: não foi possível gravar {path} ({reason}). Escolha uma pasta que exista e na qual você possa gravar.</translation>
    </message>
    <message>
        <location filename="../../locks/export_flow.py" line="+138"/>
        <source>Cancelling…</source>
        <extracomment>An export done sooner shows no progress at all (most audits&apos; files take a few ms). At most this often the writer&apos;s progress reaches the UI thread.</extracomment>
        <translation>Cancelando…</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Writing {done} of {total} findings</source>
        <translation>Gravando {done} de {total} achados</translation>
    </message>
</context>
<context>
    <name>locks.layout</name>
    <message>
        <location filename="../../locks/layout.py" line="-175"/>
        <source>All rows</source>
        <translation>Todas as linhas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Problems only</source>
        <translation>Só problemas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No audit yet: run the full audit to pair accounts with locks.</source>
        <translation>Nenhuma auditoria ainda: execute a auditoria completa para parear contas com bloqueios.</translation>
    </message>
</context>
<context>
    <name>locks.live_mode</name>
    <message>
        <location filename="../../locks/live_mode.py" line="-314"/>
        <source>Live: follow the table&apos;s stream and update the rows as writes arrive; new problems are marked and counted ({LIVE_KEY})</source>
        <extracomment>Events of the grid&apos;s update at Live&apos;s start applied per turn of the event loop (a replay&apos;s page of records is as many).</extracomment>
        <translation>Ao vivo: acompanhar o stream da tabela e atualizar as linhas conforme as escritas chegam; novos problemas são marcados e contados ({LIVE_KEY})</translation>
    </message>
</context>
<context>
    <name>locks.live_records</name>
    <message>
        <location filename="../../locks/live_records.py" line="-25"/>
        <source>&lt;p&gt;No stream record has changed this row since Live mode started.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Nenhum registro de stream alterou esta linha desde o início do modo ao vivo.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>locks.model</name>
    <message>
        <location filename="../../locks/model.py" line="-289"/>
        <source>stale: re-run the audit</source>
        <extracomment>The roles ``data`` answers: any other is None at once.</extracomment>
        <translation>desatualizado: refaça a auditoria</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A transaction wrote this item after the audit, so this row may be wrong: re-run the audit.</source>
        <translation>Uma transação escreveu este item depois da auditoria, então esta linha pode estar errada: refaça a auditoria.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Live: a problem appeared since Live mode started. Right-click → Stream records… shows the writes.</source>
        <translation>Live: um problema apareceu desde que o modo Live começou. Clique direito → Registros do stream… mostra as gravações.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Live: its problems were resolved since Live mode started. Right-click → Stream records… shows the writes.</source>
        <translation>Live: seus problemas foram resolvidos desde que o modo Live começou. Clique direito → Registros do stream… mostra as gravações.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Live: its problems were resolved after the audit and before Live mode started (the grid was brought in line as Live started).</source>
        <translation>Live: seus problemas foram resolvidos depois da auditoria e antes do início do modo Live (a grade foi atualizada quando o Live começou).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(no account)</source>
        <translation>(sem conta)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Found while the audit reads the table: the full view comes when every segment is read.</source>
        <translation>Encontrado enquanto a auditoria lê a tabela: a visão completa vem quando todos os segmentos forem lidos.</translation>
    </message>
</context>
<context>
    <name>locks.repair_dialog</name>
    <message>
        <location filename="../../locks/repair_dialog.py" line="+31"/>
        <source>Run the full audit first: Repair all works on its findings.</source>
        <translation>Execute a auditoria completa primeiro: Reparar tudo trabalha sobre os achados dela.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The audit is of {table}; run it on {name} first.</source>
        <translation>A auditoria é de {table}; execute-a em {name} primeiro.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The schema changed since the audit: run the full audit again, then Repair all.</source>
        <translation>O esquema mudou desde a auditoria: refaça a auditoria completa, depois Reparar tudo.</translation>
    </message>
</context>
<context>
    <name>locks.repair_model</name>
    <message>
        <location filename="../../locks/repair_model.py" line="-63"/>
        <source>Finding</source>
        <translation>Constatação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rule</source>
        <translation>Regra</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accounts</source>
        <translation>Contas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repair</source>
        <translation>Reparo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>release the lock</source>
        <translation>liberar o bloqueio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>claim the lock</source>
        <translation>criar o bloqueio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a person decides</source>
        <translation>uma pessoa decide</translation>
    </message>
</context>
<context>
    <name>locks.repairs</name>
    <message>
        <location filename="../../locks/repairs.py" line="+33"/>
        <source> — stale: the table was written since, re-run the audit</source>
        <translation> — desatualizado: a tabela foi escrita desde então, refaça a auditoria</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No account holds it, according to the audit{note}.</source>
        <translation>Nenhuma conta o detém, segundo a auditoria{note}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No account holds this spelling, according to the audit{note}. Accounts holding another spelling of it, each with its own lock: {accounts}.</source>
        <translation>Nenhuma conta detém esta grafia, segundo a auditoria{note}. Contas que detêm outra grafia dela, cada uma com seu próprio bloqueio: {accounts}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+42"/>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>No account holds it, according to the diagnosis.</source>
        <translation>Nenhuma conta o detém, segundo o diagnóstico.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No account holds this spelling, according to the diagnosis. Accounts holding another spelling of it, each with its own lock: {accounts}.</source>
        <translation>Nenhuma conta detém esta grafia, segundo o diagnóstico. Contas que detêm outra grafia dela, cada uma com seu próprio bloqueio: {accounts}.</translation>
    </message>
</context>
<context>
    <name>locks.text</name>
    <message>
        <location filename="../../locks/text.py" line="-24"/>
        <source>{pk_name} begins with {account_pk_prefix}</source>
        <extracomment>The details show this many characters of a value, id or lock key, then its length. A finding&apos;s sentence (core&apos;s, which may quote whole values) is cut past this many characters.</extracomment>
        <translation>{pk_name} começa com {account_pk_prefix}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;b&gt;Schema&lt;/b&gt; ({escape}): accounts where {escape2}. Rules: {escape3}.</source>
        <translation>&lt;b&gt;Esquema&lt;/b&gt; ({escape}): contas onde {escape2}. Regras: {escape3}.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>capacity not reported</source>
        <translation>capacidade não informada</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>strong reads</source>
        <translation>leituras fortes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>eventual reads</source>
        <translation>leituras eventuais</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Edit schema…, or Detect from sample</source>
        <translation>Editar esquema…, ou Detectar a partir de amostra</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>… ({count} characters)</source>
        <translation>… ({count} caracteres)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>… ({count} more characters)</source>
        <translation>… (mais {count} caracteres)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>… (cut here: {count} more characters)</source>
        <translation>… (cortado aqui: mais {count} caracteres)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A lock with no account</source>
        <translation>Um bloqueio sem conta</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;p&gt;&lt;b&gt;Stale: a transaction wrote this item after the audit; re-run the audit to see its state now.&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Desatualizado: uma transação escreveu este item depois da auditoria; refaça a auditoria para ver o estado atual.&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>(no value)</source>
        <translation>(sem valor)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;p&gt;Every value has its lock: nothing to do.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Todo valor tem seu bloqueio: nada a fazer.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&lt;p&gt;&lt;b&gt;Stale: the table was written since this answer; press Diagnose again.&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Desatualizado: a tabela foi escrita desde esta resposta; clique em Diagnosticar de novo.&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;p&gt;Where the lock came from: &lt;b&gt;{escape}&lt;/b&gt;. {escape2}&lt;/p&gt;</source>
        <translation>&lt;p&gt;De onde veio o bloqueio: &lt;b&gt;{escape}&lt;/b&gt;. {escape2}&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>scans.collections_model</name>
    <message>
        <location filename="../../scans/collections_model.py" line="-72"/>
        <source>Partition key</source>
        <translation>Chave de partição</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items</source>
        <translation>Itens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table bytes</source>
        <translation>Bytes da tabela</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LSI bytes</source>
        <translation>Bytes de LSI</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Of 10 GB limit</source>
        <translation>Do limite de 10 GB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hot?</source>
        <translation>Quente?</translation>
    </message>
</context>
<context>
    <name>scans.controller</name>
    <message>
        <location filename="../../scans/controller.py" line="+24"/>
        <source>Scan cancelled.</source>
        <translation>Scan cancelado.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled: still showing the previous results.</source>
        <translation>Cancelado: os resultados anteriores continuam na tela.</translation>
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
        <translation>{size} bytes</translation>
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
        <translation>menos de {share}</translation>
    </message>
</context>
<context>
    <name>scans.ttl_timeline_panel</name>
    <message>
        <location filename="../../scans/ttl_timeline_panel.py" line="-308"/>
        <source>DynamoDB deletes expired items in a background sweep, typically within a few days: until then they are still read, so check expiry at read time.</source>
        <translation>O DynamoDB exclui itens expirados em uma varredura em segundo plano, normalmente em alguns dias: até lá eles ainda são lidos, então verifique a expiração no momento da leitura.</translation>
    </message>
</context>
<context>
    <name>settings</name>
    <message>
        <location filename="../../settings.py" line="+118"/>
        <source>The settings file {path} could not be read ({strerror}); DynoView starts with default settings and will not save them.</source>
        <translation>Não foi possível ler o arquivo de configurações {path} ({strerror}); o DynoView inicia com as configurações padrão e não vai salvá-las.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The settings file {path} is damaged and could not be moved aside ({strerror}); DynoView uses default settings. Delete the file to start clean.</source>
        <translation>O arquivo de configurações {path} está danificado e não pôde ser posto de lado ({strerror}); o DynoView usa as configurações padrão. Exclua o arquivo para começar do zero.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The settings file was damaged and has been set aside as {moved}. DynoView started with default settings: saved connections and the window layout are reset. The old file is kept in case you want to recover something from it.</source>
        <translation>O arquivo de configurações estava danificado e foi posto de lado como {moved}. O DynoView iniciou com as configurações padrão: as conexões salvas e o layout da janela foram redefinidos. O arquivo antigo foi guardado caso você queira recuperar algo dele.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The saved connections could not be read, so none is shown; they are kept as they were in {path}.</source>
        <translation>As conexões salvas não puderam ser lidas, então nenhuma é exibida; elas estão guardadas como estavam em {path}.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The saved connections as they were are kept in {path}.</source>
        <translation>As conexões salvas, como estavam, estão guardadas em {path}.</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>The user name and password in the endpoint URL are not saved: type them in the endpoint again each time you connect.</source>
        <translation>O nome de usuário e a senha na URL do endpoint não são salvos: digite-os no endpoint novamente a cada conexão.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Could not save the theme to {path}: {reason}. The theme applies until you quit; choose it again once the settings folder can be written.</source>
        <translation>Não foi possível salvar o tema em {path}: {reason}. O tema vale até você sair; escolha-o de novo quando a pasta de configurações puder ser gravada.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Could not save {what} to {path}: {reason}. The setting saved before still applies; press OK again once the settings folder can be written, or Cancel.</source>
        <translation>Não foi possível salvar {what} em {path}: {reason}. A configuração salva antes continua valendo; pressione OK de novo quando a pasta de configurações puder ser gravada, ou Cancelar.</translation>
    </message>
    <message>
        <location filename="../../session/production_patterns.py" line="+40"/>
        <source>the production patterns</source>
        <translation>os padrões de produção</translation>
    </message>
    <message>
        <location filename="../../settings.py" line="+23"/>
        <source>the language</source>
        <translation>o idioma</translation>
    </message>
    <message>
        <location filename="../../settings_save.py" line="+75"/>
        <source>The settings could not be saved: another DynoView window kept the settings file {path} locked. Try again; if it keeps happening, close the other DynoView windows.</source>
        <translation>Não foi possível salvar as configurações: outra janela do DynoView manteve o arquivo de configurações {path} bloqueado. Tente de novo; se continuar acontecendo, feche as outras janelas do DynoView.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>another DynoView window kept it locked</source>
        <translation>outra janela do DynoView o manteve bloqueado</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>the file is damaged; restart DynoView to set it aside</source>
        <translation>o arquivo está danificado; reinicie o DynoView para deixá-lo de lado</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>{why} DynoView uses a copy of the settings file {path} for this session: settings changed now are lost when it quits.</source>
        <translation>{why} O DynoView usa uma cópia do arquivo de configurações {path} nesta sessão: as configurações alteradas agora se perdem quando ele fechar.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>the folder is on a read-only disk</source>
        <translation>a pasta está em um disco somente leitura</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the disk is full</source>
        <translation>o disco está cheio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the disk may be full, or the folder not writable</source>
        <translation>o disco pode estar cheio, ou a pasta não é gravável</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The change could not be saved to the settings file {path} ({reason}). The settings saved before are kept as they were.</source>
        <translation>Não foi possível salvar a alteração no arquivo de configurações {path} ({reason}). As configurações salvas antes são mantidas como estavam.</translation>
    </message>
</context>
<context>
    <name>shortcuts</name>
    <message>
        <location filename="../../shortcuts.py" line="-159"/>
        <source>Anywhere</source>
        <translation>Em qualquer lugar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Items tab</source>
        <translation>Aba Itens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accounts &amp; locks tab</source>
        <translation>Aba Contas e bloqueios</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transaction builder tab</source>
        <translation>Aba Transações</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PartiQL tab</source>
        <translation>Aba PartiQL</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Connect: saved connections, AWS profiles, the demo</source>
        <translation>Conectar: conexões salvas, perfis AWS, a demonstração</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Command palette: open a table or run a command by name</source>
        <translation>Paleta de comandos: tabelas e comandos pelo nome</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switch table: type to filter the table list, Enter opens</source>
        <translation>Trocar de tabela: digite para filtrar a lista de tabelas, Enter abre</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reload the list of tables</source>
        <translation>Recarregar a lista de tabelas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the read (Scan or Query)</source>
        <translation>Executar a leitura (Scan ou Query)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop the read in progress</source>
        <translation>Parar a leitura em andamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the next page</source>
        <translation>Carregar a próxima página</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the selected item as JSON</source>
        <translation>Copiar o item selecionado como JSON</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This table&apos;s saved and recent reads: run one again</source>
        <translation>Leituras salvas e recentes desta tabela: execute uma de novo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edit the current cell in place: the change is staged (a double click too)</source>
        <translation>Editar a célula no lugar (ou clique duplo): a alteração fica preparada</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Undo the last change to the staged cells</source>
        <translation>Desfazer a última alteração nas células preparadas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the selected item (a guarded Delete, in the builder)</source>
        <translation>Excluir o item selecionado (um Delete protegido, no construtor)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open the transaction builder</source>
        <translation>Abrir o construtor de transações</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Execute the transaction shown in the preview (the preflight runs first)</source>
        <translation>Executar a transação exibida na pré-visualização (a verificação prévia vem antes)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show the accounts and locks after this transaction, without sending it</source>
        <translation>Mostrar as contas e os bloqueios depois desta transação, sem enviá-la</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Move the selected action up</source>
        <translation>Mover a ação selecionada para cima</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move the selected action down</source>
        <translation>Mover a ação selecionada para baixo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Undo the last edit of the transaction (in a field too)</source>
        <translation>Desfazer a última edição da transação (num campo também)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Redo the edit undone last</source>
        <translation>Refazer a última edição desfeita</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the PartiQL statement (SELECT)</source>
        <translation>Executar a instrução PartiQL (SELECT)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop the statement in progress</source>
        <translation>Parar a instrução em andamento</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load more of the result (NextToken)</source>
        <translation>Carregar mais do resultado (NextToken)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Complete a keyword, table or attribute name</source>
        <translation>Completar uma palavra-chave, tabela ou nome de atributo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live mode: follow the table&apos;s stream and update the rows as writes arrive</source>
        <translation>Modo ao vivo: acompanhar o stream da tabela e atualizar as linhas conforme as escritas chegam</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Go to the search (values or account ids)</source>
        <translation>Ir para a busca (valores ou ids de conta)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show tab 1, 2, 3… in the order of the tabs (Items is 1)</source>
        <translation>Mostrar a aba 1, 2, 3… na ordem das abas (Itens é a 1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show this list of shortcuts</source>
        <translation>Mostrar esta lista de atalhos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Quit DynoView</source>
        <translation>Sair do DynoView</translation>
    </message>
</context>
<context>
    <name>stream.controls</name>
    <message>
        <location filename="../../stream/controls.py" line="-112"/>
        <source>Oldest kept (trim horizon, up to 24 h back)</source>
        <translation>Mais antigo (trim horizon, até 24 h)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Latest (only new records)</source>
        <translation>Mais recente (apenas registros novos)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At sequence number</source>
        <translation>No número de sequência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>After sequence number</source>
        <translation>Depois do número de sequência</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All events</source>
        <translation>Todos os eventos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inserts</source>
        <translation>Inserções</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Modifications</source>
        <translation>Modificações</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>User deletes</source>
        <translation>Exclusões de usuário</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TTL expiries</source>
        <translation>Expirações de TTL</translation>
    </message>
</context>
<context>
    <name>stream.events_model</name>
    <message>
        <location filename="../../stream/events_model.py" line="+27"/>
        <source>Time (UTC)</source>
        <translation>Hora (UTC)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What happened</source>
        <translation>O que aconteceu</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys</source>
        <translation>Chaves</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Changes</source>
        <translation>Alterações</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sequence number</source>
        <translation>Número de sequência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shard</source>
        <translation>Shard</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>A new item was written.</source>
        <translation>Um novo item foi escrito.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An existing item changed; the diff shows how.</source>
        <translation>Um item existente mudou; o diff mostra como.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deleted by a request (a user or an application), not by TTL.</source>
        <translation>Excluído por uma requisição (um usuário ou uma aplicação), não por TTL.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DynamoDB deleted this item because its TTL passed: a service delete whose userIdentity principal is dynamodb.amazonaws.com.</source>
        <translation>O DynamoDB excluiu este item porque o TTL dele passou: uma deleção de serviço cujo principal em userIdentity é dynamodb.amazonaws.com.</translation>
    </message>
</context>
<context>
    <name>stream.record_view</name>
    <message>
        <location filename="../../stream/record_view.py" line="-89"/>
        <source>Select a record to see what changed.</source>
        <translation>Selecione um registro para ver o que mudou.</translation>
    </message>
</context>
<context>
    <name>tables.create_dialog</name>
    <message>
        <location filename="../../tables/create_dialog.py" line="-223"/>
        <source>The article&apos;s layout: keys PK and SK, the email-index GSI on email, TTL on expiresAt, a NEW_AND_OLD_IMAGES stream, on-demand capacity</source>
        <translation>O layout do artigo: chaves PK e SK, o GSI email-index em email, TTL em expiresAt, um stream NEW_AND_OLD_IMAGES, capacidade sob demanda</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Connect to a local endpoint (such as DynamoDB Local) to {action}.</source>
        <translation>Conecte-se a um endpoint local (como o DynamoDB Local) para {action}.</translation>
    </message>
</context>
<context>
    <name>theme</name>
    <message>
        <location filename="../../theme.py" line="+39"/>
        <source>Follow &amp;system</source>
        <translation>Seguir o &amp;sistema</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Light</source>
        <translation>&amp;Claro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>&amp;Escuro</translation>
    </message>
</context>
<context>
    <name>transfer.export_controller</name>
    <message>
        <location filename="../../transfer/export_controller.py" line="-96"/>
        <source>Export cancelled: no file was written.</source>
        <translation>Exportação cancelada: nenhum arquivo foi escrito.</translation>
    </message>
</context>
<context>
    <name>transfer.file_field</name>
    <message>
        <location filename="../../transfer/file_field.py" line="+27"/>
        <source>The path holds {char} at character {position}: no file name should. Type the path again without it.</source>
        <translation>O caminho contém {char} no caractere {position}: nenhum nome de arquivo deveria contê-lo. Digite o caminho de novo sem ele.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The name {name} is {size} bytes long; a file or folder name holds at most {limit}. Give a shorter name.</source>
        <translation>O nome {name} tem {size} bytes; um nome de arquivo ou pasta tem no máximo {limit}. Dê um nome mais curto.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The path is {size} bytes long; the system takes at most {limit}. Give a shorter path.</source>
        <translation>O caminho tem {size} bytes; o sistema aceita no máximo {limit}. Dê um caminho mais curto.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} starts with {user}, which names no user here: write the whole path, or ~/ for your home folder.</source>
        <translation>{path} começa com {user}, que não é nenhum usuário aqui: escreva o caminho completo, ou ~/ para a sua pasta pessoal.</translation>
    </message>
</context>
<context>
    <name>window.about_dialog</name>
    <message>
        <location filename="../../window/about_dialog.py" line="-71"/>
        <source>not installed</source>
        <translation>não instalado</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>moto (demo backend)</source>
        <translation>moto (backend de demonstração)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System</source>
        <translation>Sistema</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Licence: {licence}</source>
        <translation>Licença: {licence}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Settings: {settings_path}</source>
        <translation>Configurações: {settings_path}</translation>
    </message>
</context>
<context>
    <name>window.command_palette</name>
    <message>
        <location filename="../../window/command_palette.py" line="-138"/>
        <source>Table</source>
        <translation>Tabela</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recent table</source>
        <translation>Tabela recente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Command</source>
        <translation>Comando</translation>
    </message>
</context>
<context>
    <name>window.connection_dialog</name>
    <message>
        <location filename="../../window/connection_dialog.py" line="-324"/>
        <source>Demo (embedded, no AWS account)</source>
        <translation>Demonstração (embutida, sem conta AWS)</translation>
    </message>
    <message>
        <location line="+337"/>
        <source>Send in clear text?</source>
        <translation>Enviar sem criptografia?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Send in clear text (http://) to {host}</source>
        <translation>Enviar sem criptografia (http://) para {host}</translation>
    </message>
</context>
<context>
    <name>window.error_box</name>
    <message>
        <location filename="../../window/error_box.py" line="-31"/>
        <source>Try the same connection again</source>
        <translation>Tentar a mesma conexão de novo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connect…</source>
        <translation>Conectar…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose another endpoint, profile or region</source>
        <translation>Escolher outro endpoint, perfil ou região</translation>
    </message>
</context>
<context>
    <name>window.feature_tabs</name>
    <message>
        <location filename="../../window/feature_tabs.py" line="-40"/>
        <source>Accounts &amp;&amp; locks</source>
        <translation>Contas &amp;&amp; bloqueios</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transaction builder</source>
        <translation>Transações</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stream</source>
        <translation>Stream</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TTL timeline</source>
        <translation>Linha do tempo TTL</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Capacity &amp;&amp; partitions</source>
        <translation>Capacidade &amp;&amp; partições</translation>
    </message>
</context>
<context>
    <name>window.menus</name>
    <message>
        <location filename="../../window/menus.py" line="+145"/>
        <source>&amp;Help</source>
        <translation>Aj&amp;uda</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Atalhos de teclado</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Check for &amp;updates…</source>
        <translation>&amp;Verificar atualizações…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;About {APP_NAME}</source>
        <translation>&amp;Sobre o {APP_NAME}</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>&amp;File</source>
        <extracomment>The window&apos;s members that its menus&apos; contents set.</extracomment>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Open &amp;recent table</source>
        <translation>Abrir tabela &amp;recente</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Connect…</source>
        <translation>&amp;Conectar…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Command &amp;palette…</source>
        <translation>&amp;Paleta de comandos…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Audit an &amp;export…</source>
        <translation>Auditar uma e&amp;xportação…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Create &amp;table…</source>
        <translation>Criar &amp;tabela…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Delete table…</source>
        <translation>&amp;Excluir tabela…</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>&amp;View</source>
        <translation>E&amp;xibir</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Re&amp;fresh tables</source>
        <translation>At&amp;ualizar tabelas</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Switch &amp;table</source>
        <translation>Trocar de ta&amp;bela</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Tab {number}</source>
        <translation>Aba {number}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open transaction &amp;builder</source>
        <translation>Abrir o &amp;construtor de transações</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>T&amp;heme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>No recent tables on this connection</source>
        <translation>Nenhuma tabela recente nesta conexão</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Run the read</source>
        <translation>Executar a leitura</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the next page</source>
        <translation>Carregar a próxima página</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy the selected item as JSON</source>
        <translation>Copiar o item selecionado como JSON</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit the selected item</source>
        <translation>Editar o item selecionado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the selected item</source>
        <translation>Excluir o item selecionado</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Diagnose a value (is it locked, and by whom?)</source>
        <translation>Diagnosticar um valor (está bloqueado, e por quem?)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the accounts &amp; locks audit</source>
        <translation>Executar a auditoria de contas e bloqueios</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit the uniqueness schema</source>
        <translation>Editar o esquema de unicidade</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Template: {rstrip}</source>
        <translation>Modelo: {rstrip}</translation>
    </message>
</context>
<context>
    <name>window.read_log</name>
    <message>
        <location filename="../../window/read_log.py" line="-223"/>
        <source>Time</source>
        <translation>Hora</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Operation</source>
        <translation>Operação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table / index</source>
        <translation>Tabela / índice</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Consistency</source>
        <translation>Consistência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capacity</source>
        <translation>Capacidade</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Count</source>
        <translation>Qtd.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Scanned</source>
        <translation>Lidos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duration</source>
        <translation>Duração</translation>
    </message>
</context>
<context>
    <name>window.tables_panel</name>
    <message>
        <location filename="../../window/tables_panel.py" line="-162"/>
        <source>create a table</source>
        <translation>criar uma tabela</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delete a table</source>
        <translation>excluir uma tabela</translation>
    </message>
</context>
<context>
    <name>window.title</name>
    <message>
        <location filename="../../window/title.py" line="+35"/>
        <source>  WRITE MODE</source>
        <translation>  MODO DE ESCRITA</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  (placeholder keys)</source>
        <translation>  (chaves fictícias)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>  UNENCRYPTED</source>
        <translation>  SEM CRIPTOGRAFIA</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Warning: {sentence}</source>
        <translation>Aviso: {sentence}</translation>
    </message>
</context>
</TS>
