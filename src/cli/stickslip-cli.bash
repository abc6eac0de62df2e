# bash completion for stickslip-cli: commands, options, scenario names
# (stickslip-cli list), parameter names for --set and --vary (stickslip-cli
# params), example ids and files.

_stickslip_cli_scenario()
{
  # the first word after the command that is not an option or its value
  local i w
  for ((i = 2; i < COMP_CWORD; i++)); do
    w=${COMP_WORDS[i]}
    case "$w" in
      --set | --vary | --metric | --csv | --events | --metrics | --file | --example | --t-end | \
        --dt-out | --rtol | --atol | --max-steps | --max-events | --jobs | --shard | --preset | \
        --runs | --t)
        ((i++)) ;;
      -*) ;;
      *)
        echo "$w"
        return
        ;;
    esac
  done
}

_stickslip_cli()
{
  local cur prev cmd cli scenario
  COMPREPLY=()
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD - 1]}
  cli=${COMP_WORDS[0]}
  cmd=${COMP_WORDS[1]}

  if ((COMP_CWORD == 1)); then
    COMPREPLY=($(compgen -W "list params examples run sweep merge bench statics help --help --version" -- "$cur"))
    return
  fi

  case "$prev" in
    --set | --vary)
      scenario=$(_stickslip_cli_scenario)
      [ -n "$scenario" ] || return
      compopt -o nospace 2>/dev/null
      COMPREPLY=($(compgen -S = -W "$("$cli" params "$scenario" 2>/dev/null | cut -f1)" -- "$cur"))
      return
      ;;
    --file)
      COMPREPLY=($(compgen -f -X '!*.stickslip' -- "$cur") $(compgen -d -- "$cur") -)
      return
      ;;
    --csv | --events | --metrics)
      COMPREPLY=($(compgen -f -- "$cur"))
      return
      ;;
    --example)
      COMPREPLY=($(compgen -W "$("$cli" examples 2>/dev/null | cut -f1)" -- "$cur"))
      return
      ;;
    --t-end | --dt-out | --rtol | --atol | --max-steps | --max-events | --jobs | --shard | \
      --runs | --t | --metric | --preset)
      return
      ;;
  esac

  local opts
  case "$cmd" in
    run) opts="--file --example --set --t-end --dt-out --rtol --atol --max-steps --max-events --csv --events --metrics --help" ;;
    sweep) opts="--preset --set --vary --metric --t-end --dt-out --rtol --atol --max-steps --max-events --jobs --shard --csv --help" ;;
    bench) opts="--set --t-end --runs --studies --help" ;;
    statics) opts="--set --t --help" ;;
    help) COMPREPLY=($(compgen -W "list params examples run sweep merge bench statics" -- "$cur")); return ;;
    merge) opts="--csv --help"; [[ "$cur" == -* ]] || { COMPREPLY=($(compgen -f -- "$cur")); return; } ;;
    *) opts="--help" ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  elif [ -z "$(_stickslip_cli_scenario)" ]; then
    case "$cmd" in
      params | run | sweep | bench) COMPREPLY=($(compgen -W "$("$cli" list 2>/dev/null | cut -f1)" -- "$cur")) ;;
      statics) COMPREPLY=($(compgen -W "two-slider" -- "$cur")) ;;
      examples) COMPREPLY=($(compgen -W "$("$cli" examples 2>/dev/null | cut -f1 | grep -v :)" -- "$cur")) ;;
    esac
  fi
}
complete -F _stickslip_cli stickslip-cli
