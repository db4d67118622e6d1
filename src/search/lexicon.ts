/**
 * What words in requests and tool definitions mean, for tools in general: the verbs users say and the verbs tools
 * are named with, the objects they act on, and the abbreviations people type. A request word (or phrase) that is a
 * group's term also searches the group's other terms (0.6) and its related words (0.3); a request word that is only
 * a related word searches the group's terms weakly (0.1): a topic is a related word, not a synonym. Lexicon terms
 * count only in a tool's name, title and first sentence.
 *
 * Request words meet the lexicon by light stemming only (plural, -ing, -ed: see lexiconForm in query.ts), never by
 * Porter stems, which merge words of different meaning (general/generate).
 *
 * To extend it: add a term to the group whose meaning it shares, or a new group `{ concept, kind?, terms, related?,
 * idioms? }`. Write terms as a person would; phrases of up to three words are matched as phrases; an idiom is a phrase
 * whose own words mislead. `kind: 'action'` is for verbs a tool's name states (create_issue → create). Keep every
 * entry true for tools in general — never a word that only makes sense for one server or one catalog — and add a
 * unit test in test/unit/search/lexicon.test.ts. A word may sit in several groups (it then brings the terms of each).
 */
export interface LexiconGroup {
  /** A short name for the meaning, shown in search reasons ("lexicon: delete"). */
  concept: string;
  /**
   * 'action': a verb a tool's name states (create_issue → create); the request's actions are matched to it (a
   * different action lowers a tool's score). 'quantity': how much of something (all, whole, several), never what is
   * acted on. Groups without a kind are objects and topics.
   */
  kind?: 'action' | 'quantity';
  /** Words and phrases that mean the same thing in a request or a tool definition. */
  terms: readonly string[];
  /** Words that often go with the meaning (searched at a lower weight). */
  related?: readonly string[];
  /**
   * Phrases that mean the group's terms and not their own words ("file a" bug is to create one, not a file): the
   * request's phrase is searched as the group's terms only.
   */
  idioms?: readonly string[];
}

export const LEXICON: readonly LexiconGroup[] = [
  // ── actions: verbs a request asks for and a tool's name states ────────────────────────────────────────────────
  {
    concept: 'create',
    kind: 'action',
    terms: ['create', 'add', 'new', 'make', 'insert', 'generate', 'register', 'compose', 'draft', 'set up', 'init', 'initialize', 'submit'],
    related: ['open', 'start'],
    idioms: [
      'file a',
      'file an',
      'raise a',
      'raise an',
      'log a',
      'log an',
      'put in a',
      'start a',
      'start an',
      'spin up',
      'cut a',
      'open a',
      'open an',
      'turn into',
    ],
  },
  {
    concept: 'read',
    kind: 'action',
    terms: ['get', 'read', 'fetch', 'retrieve', 'view', 'show', 'display', 'see', 'look at', 'inspect', 'load', 'open', 'describe', 'print', 'cat', 'check'],
    related: ['details', 'info', 'content'],
    idioms: ['what is in', 'what is inside', 'what does say', 'tell me about'],
  },
  { concept: 'list', kind: 'action', terms: ['list', 'enumerate', 'show all', 'browse', 'ls', 'dump', 'all'], related: ['every', 'available', 'overview'] },
  {
    concept: 'search',
    kind: 'action',
    terms: ['search', 'find', 'lookup', 'look up', 'look for', 'query', 'locate', 'grep', 'seek', 'where is', 'hunt'],
    related: ['filter', 'match', 'discover'],
  },
  {
    concept: 'update',
    kind: 'action',
    terms: ['update', 'edit', 'modify', 'change', 'set', 'patch', 'alter', 'adjust', 'revise', 'amend', 'tweak', 'rewrite', 'rename'],
    related: ['replace', 'correct'],
  },
  {
    concept: 'delete',
    kind: 'action',
    terms: ['delete', 'remove', 'erase', 'drop', 'destroy', 'purge', 'forget', 'discard', 'trash', 'wipe', 'get rid of', 'rm', 'uninstall'],
    related: ['clear', 'unset'],
  },
  {
    concept: 'store',
    kind: 'action',
    terms: ['store', 'save', 'persist', 'remember', 'memorize', 'keep', 'record', 'write down', 'note down', 'jot down'],
    related: ['memory', 'observation', 'add'],
    idioms: ['note that', 'keep in mind', 'make a note'],
  },
  {
    concept: 'memory',
    terms: ['memory', 'memories', 'remember', 'recall', 'memorize', 'knowledge', 'knowledge graph', 'knowledge base'],
    related: ['entity', 'observation', 'relation', 'fact', 'graph'],
    idioms: ['you know', 'you remember'],
  },
  { concept: 'write', kind: 'action', terms: ['write', 'save', 'put', 'output to', 'overwrite'], related: ['file', 'create'] },
  {
    concept: 'send',
    kind: 'action',
    terms: ['send', 'post', 'notify', 'tell', 'ping', 'announce', 'publish', 'broadcast', 'dm', 'message', 'share with', 'let know', 'inform'],
    related: ['alert', 'say'],
  },
  { concept: 'reply', kind: 'action', terms: ['reply', 'respond', 'answer', 'follow up'], related: ['comment', 'message', 'thread'] },
  {
    concept: 'run',
    kind: 'action',
    terms: ['run', 'execute', 'invoke', 'call', 'trigger', 'launch', 'start', 'perform', 'exec', 'kick off'],
    related: ['eval', 'evaluate', 'command'],
  },
  { concept: 'restart', kind: 'action', terms: ['restart', 'reboot', 'reload', 'relaunch', 'bounce', 'cycle'], related: ['rollout', 'stop', 'start'] },
  { concept: 'stop', kind: 'action', terms: ['stop', 'kill', 'terminate', 'cancel', 'abort', 'halt', 'interrupt', 'shut down', 'shutdown', 'end'] },
  {
    concept: 'navigate',
    kind: 'action',
    terms: ['navigate', 'go to', 'goto', 'open url', 'browse to', 'visit', 'load page', 'open page', 'head to'],
    related: ['url', 'page', 'open'],
  },
  {
    concept: 'screenshot',
    kind: 'action',
    terms: ['screenshot', 'screen shot', 'screen capture', 'capture', 'screengrab', 'grab screen', 'snap', 'take picture', 'picture of'],
    related: ['image', 'snapshot'],
  },
  { concept: 'click', kind: 'action', terms: ['click', 'press', 'tap', 'hit', 'push button', 'double click'], related: ['element', 'button', 'key'] },
  { concept: 'type', kind: 'action', terms: ['type', 'fill', 'fill in', 'fill out', 'enter text', 'key in', 'populate'], related: ['form', 'field', 'input'] },
  { concept: 'select', kind: 'action', terms: ['select', 'choose', 'pick', 'switch to', 'activate'], related: ['dropdown', 'option'] },
  { concept: 'hover', kind: 'action', terms: ['hover', 'mouse over', 'mouseover'] },
  { concept: 'scroll', kind: 'action', terms: ['scroll', 'scroll down', 'scroll up'] },
  { concept: 'download', kind: 'action', terms: ['download', 'pull down', 'save locally'] },
  { concept: 'upload', kind: 'action', terms: ['upload', 'attach', 'push file'], related: ['attachment'] },
  { concept: 'move', kind: 'action', terms: ['move', 'relocate', 'mv', 'transfer'], related: ['rename'] },
  { concept: 'copy', kind: 'action', terms: ['copy', 'duplicate', 'clone', 'cp', 'replicate', 'fork'] },
  { concept: 'undo', kind: 'action', terms: ['undo', 'revert', 'reset', 'roll back', 'rollback', 'unstage'], related: ['restore', 'previous'] },
  // One verb, not "pick": applying a commit from elsewhere onto the current branch.
  { concept: 'cherry pick', kind: 'action', terms: ['cherry pick', 'cherrypick', 'backport'], related: ['commit', 'apply'] },
  { concept: 'stash', kind: 'action', terms: ['stash', 'shelve', 'set aside', 'put aside'], related: ['save', 'later'] },
  { concept: 'blame', terms: ['blame', 'who changed', 'who wrote', 'authorship'], related: ['annotate', 'history', 'author'] },
  { concept: 'clean', kind: 'action', terms: ['clean', 'cleanup', 'clean up', 'tidy', 'prune'], related: ['remove', 'unused'] },
  { concept: 'explain', kind: 'action', terms: ['explain', 'help me understand'], related: ['describe', 'documentation'] },
  { concept: 'apply', kind: 'action', terms: ['apply', 'roll out', 'rollout'], related: ['deploy', 'manifest'] },
  { concept: 'scale', kind: 'action', terms: ['scale', 'scale up', 'scale down', 'replicas'], related: ['resize', 'instances'] },
  { concept: 'forward', terms: ['port forward', 'forward port', 'tunnel', 'expose port'], related: ['port', 'forward'] },
  { concept: 'drag', kind: 'action', terms: ['drag', 'drag and drop', 'drop onto'], related: ['drop', 'move'] },
  { concept: 'emulate', kind: 'action', terms: ['emulate', 'simulate', 'pretend', 'mock'], related: ['device', 'media'] },
  { concept: 'research', terms: ['research', 'deep dive', 'in depth', 'report on'], related: ['search', 'web', 'sources'] },
  { concept: 'plan', terms: ['plan', 'planning', 'break into steps'], related: ['task', 'steps', 'think'] },
  { concept: 'compare', kind: 'action', terms: ['compare', 'diff', 'difference', 'differences', 'what changed'], related: ['change'] },
  {
    concept: 'assign',
    kind: 'action',
    terms: ['assign', 'give to', 'assignee', 'allocate', 'delegate', 'hand over', 'hand off'],
    related: ['owner', 'responsible'],
  },
  { concept: 'comment', kind: 'action', terms: ['comment', 'remark', 'annotate'], related: ['reply', 'review', 'feedback', 'note'] },
  { concept: 'merge', kind: 'action', terms: ['merge', 'combine', 'integrate', 'squash'], related: ['land'] },
  { concept: 'review', kind: 'action', terms: ['review', 'approve', 'approval', 'reviewer', 'request changes', 'sign off', 'lgtm'] },
  { concept: 'close', kind: 'action', terms: ['close', 'resolve', 'mark done', 'finish', 'complete', 'completion'], related: ['done', 'archive', 'state'] },
  { concept: 'reopen', kind: 'action', terms: ['reopen', 're open', 'undo close'], related: ['restore', 'state'] },
  { concept: 'schedule', terms: ['schedule', 'calendar', 'appointment', 'remind', 'reminder'], related: ['event', 'meeting', 'book'] },
  { concept: 'analyze', kind: 'action', terms: ['analyze', 'analyse', 'diagnose', 'investigate', 'troubleshoot', 'examine', 'root cause'], related: ['debug'] },
  {
    concept: 'think',
    terms: ['think', 'reason', 'reasoning', 'step by step', 'break down', 'reflect', 'brainstorm', 'thought', 'thoughts'],
    related: ['plan'],
  },
  { concept: 'summarize', kind: 'action', terms: ['summarize', 'summarise', 'summary', 'tldr', 'digest', 'recap'] },
  { concept: 'extract', kind: 'action', terms: ['extract', 'scrape', 'parse', 'pull out', 'harvest'], related: ['content', 'text', 'crawl'] },
  // Crawling follows links across a site; extracting takes one page's content.
  { concept: 'crawl', kind: 'action', terms: ['crawl', 'spider', 'follow links', 'whole site', 'every page'], related: ['site', 'sitemap', 'extract'] },
  { concept: 'wait', kind: 'action', terms: ['wait', 'sleep', 'pause', 'delay'], related: ['until'] },
  { concept: 'install', kind: 'action', terms: ['install', 'add dependency', 'setup', 'provision', 'deploy'], related: ['upgrade'] },
  { concept: 'count', kind: 'action', terms: ['count', 'how many', 'number of', 'tally'], related: ['total', 'stats', 'statistics', 'metrics', 'aggregate'] },
  { concept: 'sort', terms: ['sort', 'order by', 'rank'], related: ['latest', 'recent', 'newest', 'top'] },
  { concept: 'link', kind: 'action', terms: ['link', 'connect', 'relate', 'associate', 'attach to'], related: ['relation', 'relationship'] },
  { concept: 'star', terms: ['star', 'favorite', 'favourite', 'bookmark'], related: ['like', 'react', 'reaction', 'emoji'] },
  { concept: 'permission', terms: ['permission', 'permissions', 'access', 'grant', 'allow'], related: ['role', 'share', 'invite'] },
  {
    concept: 'login',
    terms: ['login', 'log in', 'logged in', 'sign in', 'signed in', 'authenticate', 'auth', 'who am i'],
    related: ['credentials', 'token', 'current user', 'identity'],
  },
  { concept: 'evaluate', terms: ['evaluate', 'javascript', 'js', 'eval'], related: ['script', 'console', 'run'] },
  { concept: 'translate', kind: 'action', terms: ['translate', 'convert', 'transform'], related: ['format', 'translation'] },
  { concept: 'size', terms: ['size', 'sizes', 'biggest', 'largest', 'smallest', 'how big', 'disk usage'], related: ['bytes'] },

  // ── objects and topics ───────────────────────────────────────────────────────────────────────────────────────
  { concept: 'pull request', terms: ['pull request', 'pr', 'prs', 'merge request', 'mr', 'mrs', 'change request'], related: ['changeset', 'patch set'] },
  { concept: 'issue', terms: ['issue', 'ticket', 'bug', 'bug report', 'defect', 'work item'], related: ['task', 'story', 'epic', 'card', 'todo', 'incident'] },
  { concept: 'task', terms: ['task', 'todo', 'to do', 'chore', 'action item'], related: ['issue', 'ticket', 'plan'] },
  { concept: 'repository', terms: ['repository', 'repo', 'repos', 'codebase'], related: ['project', 'source tree'] },
  { concept: 'branch', terms: ['branch', 'branches', 'feature branch'], related: ['ref', 'head', 'checkout'] },
  { concept: 'commit', terms: ['commit', 'commits', 'revision', 'sha'], related: ['history', 'log', 'changes'] },
  { concept: 'history', terms: ['history', 'log', 'timeline', 'past'], related: ['commit', 'recent', 'previous'] },
  { concept: 'tag', terms: ['tag', 'tags', 'label', 'labels'], related: ['category', 'release', 'version'] },
  { concept: 'release', terms: ['release', 'releases', 'version', 'versions'], related: ['tag', 'changelog', 'deploy'] },
  { concept: 'file', terms: ['file', 'files', 'text file', 'filename'], related: ['path', 'contents', 'document'] },
  { concept: 'directory', terms: ['directory', 'directories', 'folder', 'folders', 'dir', 'subfolder', 'subdirectory'], related: ['tree', 'path'] },
  { concept: 'web page', terms: ['web page', 'webpage', 'page', 'site', 'website', 'web site'], related: ['url', 'link', 'browser', 'tab', 'html'] },
  { concept: 'web search', terms: ['web', 'internet', 'online', 'google', 'search engine', 'web search'], related: ['search', 'news'] },
  {
    concept: 'user',
    terms: ['user', 'users', 'person', 'people', 'member', 'members', 'account', 'profile', 'colleague', 'teammate'],
    related: ['contact', 'mention', 'someone', 'who'],
  },
  { concept: 'team', terms: ['team', 'teams', 'organization', 'organisation', 'org'], related: ['group', 'workspace', 'company'] },
  { concept: 'channel', terms: ['channel', 'channels', 'room', 'group chat'], related: ['conversation', 'chat', 'thread'] },
  {
    concept: 'conversation',
    terms: ['conversation', 'conversations', 'chat', 'chats', 'dialogue', 'discussion', 'discuss'],
    related: ['message', 'thread', 'channel'],
  },
  { concept: 'message', terms: ['message', 'messages', 'msg', 'dm', 'chat message'], related: ['post', 'chat', 'text', 'said', 'conversation'] },
  { concept: 'email', terms: ['email', 'e mail', 'mail', 'inbox'] },
  { concept: 'database', terms: ['database', 'db', 'sql'], related: ['table', 'tables', 'record', 'records', 'row', 'rows', 'schema', 'collection', 'query'] },
  { concept: 'key value', terms: ['cache', 'key value', 'kv'], related: ['key', 'value'] },
  {
    concept: 'cluster',
    terms: ['kubernetes', 'k8s', 'kube', 'kubectl', 'cluster'],
    related: ['pod', 'pods', 'container', 'deployment', 'namespace', 'helm', 'node'],
  },
  { concept: 'container', terms: ['container', 'containers', 'pod', 'pods'], related: ['docker', 'image', 'deployment'] },
  { concept: 'logs', terms: ['log', 'logs', 'log output', 'console output'], related: ['output', 'trace', 'stdout', 'stderr'] },
  {
    concept: 'error',
    terms: ['error', 'errors', 'exception', 'exceptions', 'crash', 'crashes', 'stack trace'],
    related: ['failure', 'incident', 'problem', 'issue', 'alert'],
  },
  {
    concept: 'location',
    terms: ['location', 'place', 'places', 'address', 'coordinates', 'geocode'],
    related: ['map', 'maps', 'nearby', 'near', 'where', 'latitude', 'longitude'],
  },
  { concept: 'directions', terms: ['directions', 'route', 'how to get', 'get from', 'travel'], related: ['distance', 'map', 'drive', 'walk'] },
  { concept: 'elevation', terms: ['elevation', 'altitude', 'sea level', 'how high'], related: ['height', 'terrain'] },
  { concept: 'image', terms: ['image', 'images', 'picture', 'photo', 'png', 'jpeg', 'jpg'], related: ['screenshot', 'visual', 'media'] },
  { concept: 'process', terms: ['process', 'processes', 'program', 'pid'], related: ['command', 'shell', 'terminal', 'script', 'bash', 'cli'] },
  { concept: 'terminal', terms: ['terminal', 'shell', 'command line', 'console', 'bash'], related: ['command', 'process', 'session'] },
  { concept: 'code', terms: ['code', 'source code', 'source'], related: ['function', 'class', 'symbol', 'snippet', 'implementation', 'defined'] },
  {
    concept: 'documentation',
    terms: ['documentation', 'docs', 'doc', 'manual', 'reference', 'guide'],
    related: ['library', 'readme', 'api reference', 'how to use'],
  },
  { concept: 'pipeline', terms: ['workflow', 'pipeline', 'ci', 'build'], related: ['job', 'jobs', 'action', 'actions', 'run', 'runs', 'check', 'checks'] },
  {
    concept: 'configuration',
    terms: ['config', 'configuration', 'settings', 'setting', 'preferences', 'environment variable', 'env'],
    related: ['option', 'options'],
  },
  { concept: 'time', terms: ['time', 'date', 'timezone', 'clock'], related: ['now', 'today', 'tomorrow', 'yesterday'] },
  { concept: 'note', terms: ['note', 'notes', 'wiki', 'notebook'], related: ['doc', 'page', 'knowledge base'] },
  { concept: 'element', terms: ['element', 'button', 'selector', 'checkbox'], related: ['link', 'field', 'form', 'input'] },
  { concept: 'key', terms: ['key', 'keyboard', 'keystroke', 'enter', 'escape', 'tab key', 'shortcut'], related: ['press'] },
  { concept: 'snapshot', terms: ['snapshot', 'accessibility tree', 'dom', 'page structure'], related: ['outline'] },
  { concept: 'network', terms: ['network', 'http request', 'traffic', 'api call', 'api calls'], related: ['request', 'requests'] },
  { concept: 'secret', terms: ['secret', 'secrets', 'password', 'api key', 'credential', 'credentials'] },
  { concept: 'dialog', terms: ['dialog', 'popup', 'pop up', 'modal'], related: ['alert', 'confirm', 'prompt'] },
  { concept: 'window', terms: ['window', 'viewport'], related: ['tab', 'tabs', 'resize'] },
  { concept: 'tab', terms: ['tab', 'tabs', 'browser tab'], related: ['window', 'switch'] },
  { concept: 'weather', terms: ['weather', 'forecast'], related: ['temperature', 'rain'] },
  { concept: 'money', terms: ['payment', 'invoice', 'billing'], related: ['charge', 'refund', 'price', 'customer', 'subscription'] },
  { concept: 'sprint', terms: ['sprint', 'iteration'], related: ['board', 'backlog', 'milestone', 'roadmap'] },
  { concept: 'stage', terms: ['stage', 'staging area', 'index'], related: ['add', 'changes'] },
  { concept: 'status', terms: ['status', 'state', 'health', 'progress'], related: ['changes', 'pending'] },
  { concept: 'whole', kind: 'quantity', terms: ['whole', 'entire', 'everything', 'complete', 'full'], related: ['all'] },
  {
    concept: 'multiple',
    kind: 'quantity',
    terms: ['multiple', 'several', 'many', 'batch', 'bulk', 'at once', 'in one go'],
    related: ['two', 'three', 'four', 'these', 'all'],
  },
  { concept: 'property', terms: ['property', 'properties', 'attribute', 'attributes'], related: ['field', 'fields', 'value'] },
  { concept: 'template', terms: ['template', 'templates', 'boilerplate', 'scaffold'], related: ['example', 'starter'] },
  { concept: 'recording', terms: ['replay', 'session recording', 'recording'], related: ['session', 'video'] },
  { concept: 'distance', terms: ['distance', 'how far', 'travel time'], related: ['directions', 'route', 'duration'] },
  { concept: 'document', terms: ['pdf', 'docx', 'word document', 'spreadsheet'], related: ['document', 'file'] },
  { concept: 'markdown', terms: ['markdown', 'md'], related: ['text', 'format'] },
  { concept: 'children', terms: ['children', 'child', 'nested', 'sub items'], related: ['contents', 'inside'] },
  { concept: 'changes', terms: ['changes', 'modifications', 'edits', 'uncommitted'], related: ['diff', 'working tree'] },
];
