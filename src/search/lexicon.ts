/**
 * What words in requests and tool definitions mean, for tools in general: the verbs users say and the verbs tools
 * are named with, the objects they act on, and the abbreviations people type. A request word (or phrase) found in a
 * group also searches for the group's other terms, at a lower weight than the word itself; `related` terms are a
 * weaker link still (a word that often goes with the intent without meaning the same thing).
 *
 * To extend it: add a term to the group whose meaning it shares, or a new group `{ concept, terms, related? }`.
 * Write terms as a person would (plural or singular, any case: they are split and stemmed like everything else;
 * phrases of up to three words are matched as phrases; an idiom is a phrase whose own words mislead). Keep every entry true for tools in general — never a word
 * that only makes sense for one server or one catalog — and add a unit test in test/unit/search/lexicon.test.ts.
 * A word may sit in several groups (it then brings the terms of each).
 */
export interface LexiconGroup {
  /** A short name for the meaning, shown in search reasons ("lexicon: delete"). */
  concept: string;
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
  // ── actions ──────────────────────────────────────────────────────────────────────────────────────────────────
  {
    concept: 'create',
    terms: ['create', 'add', 'new', 'make', 'insert', 'generate', 'register', 'compose', 'draft', 'open', 'set up', 'init', 'initialize', 'submit'],
    idioms: ['file a', 'file an', 'raise a', 'raise an', 'log a', 'log an', 'put in a', 'start a', 'start an', 'spin up', 'cut a'],
  },
  {
    concept: 'read',
    terms: [
      'get',
      'read',
      'fetch',
      'retrieve',
      'view',
      'show',
      'display',
      'see',
      'look at',
      'check',
      'inspect',
      'load',
      'open',
      'describe',
      'details',
      'info',
      'information',
      'content',
      'contents',
      'print',
      'cat',
    ],
  },
  { concept: 'list', terms: ['list', 'enumerate', 'all', 'show all', 'browse', 'overview', 'ls', 'available', 'every'] },
  {
    concept: 'search',
    terms: ['search', 'find', 'lookup', 'look up', 'look for', 'query', 'locate', 'filter', 'grep', 'discover', 'seek', 'where is', 'hunt', 'match'],
  },
  {
    concept: 'update',
    terms: ['update', 'edit', 'modify', 'change', 'set', 'patch', 'alter', 'adjust', 'revise', 'replace', 'amend', 'tweak', 'correct', 'rewrite'],
  },
  {
    concept: 'delete',
    terms: ['delete', 'remove', 'erase', 'drop', 'destroy', 'purge', 'forget', 'discard', 'trash', 'clear', 'unset', 'wipe', 'get rid of', 'rm', 'uninstall'],
  },
  {
    concept: 'store',
    terms: ['store', 'save', 'persist', 'remember', 'memorize', 'keep', 'record', 'write down', 'note down', 'jot down', 'log'],
    related: ['memory', 'write', 'create', 'add'],
  },
  {
    concept: 'memory',
    terms: ['memory', 'memories', 'remember', 'recall', 'memorize', 'knowledge', 'knowledge graph', 'knowledge base', 'fact', 'facts'],
    related: ['entity', 'observation', 'relation'],
  },
  { concept: 'write', terms: ['write', 'save', 'put', 'output to', 'dump', 'overwrite'], related: ['create', 'file'] },
  {
    concept: 'send',
    terms: [
      'send',
      'post',
      'notify',
      'tell',
      'ping',
      'alert',
      'announce',
      'publish',
      'broadcast',
      'dm',
      'message',
      'say',
      'share with',
      'let know',
      'inform',
      'text',
    ],
  },
  { concept: 'reply', terms: ['reply', 'respond', 'answer', 'follow up', 'thread'], related: ['comment', 'message'] },
  { concept: 'run', terms: ['run', 'execute', 'invoke', 'call', 'trigger', 'launch', 'start', 'perform', 'eval', 'evaluate', 'exec', 'kick off', 'fire'] },
  { concept: 'stop', terms: ['stop', 'kill', 'terminate', 'cancel', 'abort', 'halt', 'end', 'interrupt', 'shut down', 'shutdown'] },
  {
    concept: 'navigate',
    terms: ['navigate', 'go to', 'goto', 'open url', 'browse to', 'visit', 'load page', 'open page', 'open website', 'open site', 'head to'],
    related: ['url', 'page', 'browser'],
  },
  {
    concept: 'screenshot',
    terms: ['screenshot', 'screen shot', 'screen capture', 'capture', 'screengrab', 'grab screen', 'snap', 'take picture', 'picture of'],
    related: ['image', 'page', 'snapshot'],
  },
  { concept: 'click', terms: ['click', 'press', 'tap', 'push button', 'hit button', 'double click'], related: ['element', 'button'] },
  { concept: 'type', terms: ['type', 'fill', 'fill in', 'fill out', 'enter text', 'input', 'key in', 'populate'], related: ['form', 'field'] },
  { concept: 'select', terms: ['select', 'choose', 'pick', 'dropdown', 'option'] },
  { concept: 'hover', terms: ['hover', 'mouse over', 'mouseover'] },
  { concept: 'scroll', terms: ['scroll', 'scroll down', 'scroll up'] },
  { concept: 'download', terms: ['download', 'pull down', 'save locally', 'fetch file'] },
  { concept: 'upload', terms: ['upload', 'attach', 'attachment', 'push file'] },
  { concept: 'move', terms: ['move', 'rename', 'relocate', 'mv', 'transfer'] },
  { concept: 'copy', terms: ['copy', 'duplicate', 'clone', 'cp', 'replicate'] },
  { concept: 'compare', terms: ['compare', 'diff', 'difference', 'differences', 'what changed', 'changes'] },
  { concept: 'assign', terms: ['assign', 'give to', 'assignee', 'allocate', 'delegate', 'hand over', 'hand off', 'owner', 'responsible'] },
  { concept: 'comment', terms: ['comment', 'comments', 'remark', 'note on', 'annotate', 'feedback'], related: ['reply', 'review'] },
  { concept: 'merge', terms: ['merge', 'combine', 'integrate', 'land', 'squash'] },
  { concept: 'review', terms: ['review', 'approve', 'approval', 'reviewer', 'request changes', 'sign off', 'lgtm'] },
  { concept: 'close', terms: ['close', 'resolve', 'resolved', 'done', 'finish', 'complete', 'mark done', 'archive'] },
  { concept: 'reopen', terms: ['reopen', 're open', 'restore', 'undo close'] },
  { concept: 'schedule', terms: ['schedule', 'calendar', 'event', 'meeting', 'book', 'appointment', 'remind', 'reminder'] },
  { concept: 'analyze', terms: ['analyze', 'analyse', 'diagnose', 'debug', 'investigate', 'troubleshoot', 'examine', 'root cause'] },
  { concept: 'think', terms: ['think', 'reason', 'reasoning', 'plan', 'step by step', 'break down', 'reflect', 'brainstorm', 'thought', 'thoughts'] },
  { concept: 'summarize', terms: ['summarize', 'summarise', 'summary', 'tldr', 'digest', 'recap'] },
  { concept: 'extract', terms: ['extract', 'scrape', 'crawl', 'parse', 'pull out', 'harvest'], related: ['page', 'content', 'web'] },
  { concept: 'wait', terms: ['wait', 'sleep', 'pause', 'delay', 'until'] },
  { concept: 'install', terms: ['install', 'add dependency', 'setup', 'set up', 'provision', 'deploy'] },
  { concept: 'count', terms: ['count', 'how many', 'number of', 'total', 'tally', 'stats', 'statistics', 'metrics'] },
  { concept: 'sort', terms: ['sort', 'order', 'rank', 'top', 'latest', 'recent', 'newest'] },
  { concept: 'link', terms: ['link', 'connect', 'relate', 'relation', 'relationship', 'associate', 'attach to'] },
  { concept: 'star', terms: ['star', 'favorite', 'favourite', 'bookmark', 'like', 'react', 'reaction', 'emoji'] },
  { concept: 'permission', terms: ['permission', 'permissions', 'access', 'role', 'grant', 'allow', 'share', 'invite'] },
  { concept: 'login', terms: ['login', 'log in', 'sign in', 'authenticate', 'auth', 'credentials', 'token'] },
  { concept: 'evaluate', terms: ['evaluate', 'javascript', 'js', 'script', 'console'], related: ['run', 'page'] },
  { concept: 'translate', terms: ['translate', 'translation', 'convert', 'transform', 'format'] },

  // ── objects ──────────────────────────────────────────────────────────────────────────────────────────────────
  { concept: 'pull request', terms: ['pull request', 'pr', 'prs', 'merge request', 'mr', 'mrs', 'change request', 'changeset', 'patch set'] },
  { concept: 'issue', terms: ['issue', 'ticket', 'bug', 'task', 'defect', 'story', 'card', 'todo', 'to do', 'work item', 'epic', 'bug report'] },
  { concept: 'repository', terms: ['repository', 'repo', 'repos', 'codebase', 'project', 'source tree'] },
  { concept: 'branch', terms: ['branch', 'branches', 'ref', 'head', 'checkout', 'feature branch'] },
  { concept: 'commit', terms: ['commit', 'commits', 'revision', 'sha', 'history', 'log', 'changes', 'changelog'] },
  { concept: 'tag', terms: ['tag', 'label', 'labels', 'category', 'categories', 'release', 'version'] },
  { concept: 'file', terms: ['file', 'files', 'document', 'path', 'contents', 'text file', 'filename'] },
  { concept: 'directory', terms: ['directory', 'folder', 'dir', 'tree', 'subfolder', 'subdirectory'] },
  {
    concept: 'web page',
    terms: ['web page', 'webpage', 'page', 'site', 'website', 'url', 'link', 'browser', 'tab', 'web site', 'html', 'http', 'https'],
  },
  { concept: 'web search', terms: ['web', 'internet', 'online', 'google', 'search engine', 'news', 'web search'], related: ['search', 'page'] },
  { concept: 'user', terms: ['user', 'users', 'person', 'people', 'member', 'account', 'profile', 'someone', 'colleague', 'teammate', 'contact'] },
  { concept: 'team', terms: ['team', 'group', 'organization', 'organisation', 'org', 'workspace', 'company'] },
  { concept: 'channel', terms: ['channel', 'room', 'conversation', 'chat', 'thread', 'group chat'] },
  { concept: 'message', terms: ['message', 'messages', 'msg', 'dm', 'post', 'chat', 'text'] },
  { concept: 'email', terms: ['email', 'e mail', 'mail', 'inbox', 'gmail'] },
  { concept: 'database', terms: ['database', 'db', 'sql', 'table', 'tables', 'record', 'records', 'row', 'rows', 'schema', 'collection'] },
  { concept: 'key value', terms: ['cache', 'key', 'value', 'key value', 'kv'] },
  {
    concept: 'cluster',
    terms: ['kubernetes', 'k8s', 'kube', 'kubectl', 'pod', 'pods', 'container', 'containers', 'deployment', 'cluster', 'namespace', 'helm', 'node'],
  },
  { concept: 'logs', terms: ['log', 'logs', 'output', 'trace', 'traces', 'console output', 'stdout', 'stderr'] },
  { concept: 'error', terms: ['error', 'errors', 'exception', 'crash', 'failure', 'incident', 'stack trace', 'alert', 'problem'] },
  {
    concept: 'location',
    terms: [
      'location',
      'place',
      'places',
      'address',
      'map',
      'maps',
      'coordinates',
      'nearby',
      'near',
      'directions',
      'route',
      'geocode',
      'distance',
      'where',
      'latitude',
      'longitude',
    ],
  },
  { concept: 'image', terms: ['image', 'images', 'picture', 'photo', 'png', 'jpeg', 'screenshot', 'visual'] },
  { concept: 'process', terms: ['process', 'processes', 'command', 'shell', 'terminal', 'script', 'program', 'pid', 'bash', 'cli'] },
  { concept: 'code', terms: ['code', 'source', 'source code', 'function', 'class', 'symbol', 'snippet', 'implementation'] },
  { concept: 'documentation', terms: ['documentation', 'docs', 'doc', 'reference', 'manual', 'api reference', 'library', 'guide', 'readme', 'how to use'] },
  { concept: 'pipeline', terms: ['workflow', 'pipeline', 'ci', 'build', 'job', 'jobs', 'action', 'actions', 'run', 'runs', 'check', 'checks'] },
  {
    concept: 'configuration',
    terms: ['config', 'configuration', 'settings', 'setting', 'option', 'options', 'preference', 'preferences', 'environment variable', 'env'],
  },
  { concept: 'time', terms: ['time', 'date', 'timezone', 'clock', 'now', 'today', 'tomorrow', 'yesterday'] },
  { concept: 'note', terms: ['note', 'notes', 'wiki', 'notebook', 'doc', 'page', 'knowledge base'] },
  { concept: 'element', terms: ['element', 'button', 'link', 'field', 'form', 'selector', 'input', 'checkbox'] },
  { concept: 'snapshot', terms: ['snapshot', 'accessibility tree', 'dom', 'page structure', 'outline'] },
  { concept: 'network', terms: ['network', 'request', 'requests', 'http request', 'traffic', 'api call'] },
  { concept: 'secret', terms: ['secret', 'secrets', 'password', 'api key', 'credential', 'credentials'] },
  { concept: 'dialog', terms: ['dialog', 'popup', 'pop up', 'modal', 'alert', 'confirm'] },
  { concept: 'window', terms: ['window', 'tab', 'tabs', 'viewport', 'resize'] },
  { concept: 'weather', terms: ['weather', 'forecast', 'temperature', 'rain'] },
  { concept: 'money', terms: ['payment', 'invoice', 'charge', 'refund', 'price', 'billing', 'customer', 'subscription'] },
  { concept: 'sprint', terms: ['sprint', 'board', 'backlog', 'milestone', 'iteration', 'roadmap'] },
];
