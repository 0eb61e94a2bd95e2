from wonderland_games.cli import main

raise SystemExit(main())
